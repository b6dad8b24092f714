import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { formatCount } from './stats-format';

// The statistics screen's cards (SPEC §2): a figure, a chart, a chart's empty state.

export function SummaryCard({
  title,
  caption,
  value,
  note,
}: {
  title: string;
  caption: string;
  value?: number;
  /** What the figure leaves out, under the caption. */
  note?: string;
}) {
  return (
    <Card className="gap-2" data-testid="summary-card">
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-3xl font-bold">{formatCount(value)}</p>
        <CardDescription>{caption}</CardDescription>
        {note && (
          <p
            className="text-xs text-muted-foreground"
            title="Logs of a species present, not counted add no individuals"
            data-testid="summary-note"
          >
            {note}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

interface ChartCardProps {
  title: string;
  icon: LucideIcon;
  /** A line under the title: what the chart counts. */
  description?: string;
  /** A control beside the title (the top species' ranking). */
  action?: ReactNode;
  children: ReactNode;
}

export function ChartCard({ title, icon: Icon, description, action, children }: ChartCardProps) {
  return (
    <Card>
      <CardHeader className="items-center">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
        {/* below the title on a phone: beside it, the title would wrap to a word a line */}
        {action && (
          <CardAction className="col-start-1 row-span-1 row-start-2 justify-self-start sm:col-start-2 sm:row-start-1 sm:justify-self-end">
            {action}
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

interface EmptyChartProps {
  icon: LucideIcon;
  title: string;
  description: string;
}

export function EmptyChart({ icon: Icon, title, description }: EmptyChartProps) {
  return (
    <div className="flex flex-col items-center gap-2 py-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h3 className="font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
