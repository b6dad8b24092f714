import type { UseFormReturn } from 'react-hook-form';
import type { LogWriteInput, LogWritePayload } from '../../../../common/logs/schemas';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

/** Description and Notes (SPEC §2). */
export function TextFields({ form }: { form: LogFormApi }) {
  return (
    <>
      <FormField
        control={form.control}
        name="description"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Description</FormLabel>
            <FormControl>
              <Textarea
                rows={3}
                placeholder="Describe what you saw, the weather, the habitat..."
                {...field}
                value={field.value ?? ''}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="notes"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Notes</FormLabel>
            <FormControl>
              <Textarea rows={4} {...field} value={field.value ?? ''} />
            </FormControl>
            {/* one rule for notes on every public surface (issue 34) */}
            <FormDescription>
              Shown with the log wherever it is public: its shared page and exports for publishing.
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}

/** The Public switch, and what it means for the log. */
export function PublicField({ form }: { form: LogFormApi }) {
  return (
    <FormField
      control={form.control}
      name="isPublic"
      render={({ field }) => (
        <FormItem className="flex items-center justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <FormLabel>Public</FormLabel>
            <p className="text-sm text-muted-foreground">
              {field.value ? 'Anyone with the link can see this log' : 'Only you can see this log'}
            </p>
          </div>
          <FormControl>
            <Switch checked={field.value} onCheckedChange={field.onChange} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}
