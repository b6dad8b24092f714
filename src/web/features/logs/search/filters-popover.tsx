import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import {
  countActiveFilters,
  filterProblems,
  type FilterName,
  type ListFilters,
} from '../../../../common/logs/list-search';

interface FiltersPopoverProps {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  onClear: () => void;
}

const fields: { name: FilterName; label: string; type: string; placeholder?: string }[] = [
  { name: 'from', label: 'From Date', type: 'date' },
  { name: 'to', label: 'To Date', type: 'date' },
  { name: 'minCount', label: 'Min Count', type: 'number' },
  { name: 'maxCount', label: 'Max Count', type: 'number' },
  { name: 'place', label: 'Location', type: 'text', placeholder: 'Filter by place name...' },
];

export function FiltersPopover({ filters, onChange, onClear }: FiltersPopoverProps) {
  const id = useId();
  const active = countActiveFilters(filters);
  const problems = filterProblems(filters);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline">
          <SlidersHorizontal />
          Filters
          {active > 0 && (
            <Badge className="ml-1 px-1.5" data-testid="filters-badge">
              {active}
            </Badge>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="grid w-80 gap-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="leading-none font-medium">
          Filter Logs
        </h2>
        <div className="grid grid-cols-2 gap-3">
          {fields.map(({ name, label, type, placeholder }) => (
            <div
              key={name}
              // a date needs the whole width of a phone's popover ('mm/dd/yyyy' and its picker)
              className={cn(
                'grid content-start gap-2',
                name === 'place' || type === 'date' ? 'col-span-2 sm:col-span-1' : '',
                name === 'place' && 'sm:col-span-2',
              )}
            >
              <Label htmlFor={`${id}-${name}`}>{label}</Label>
              <Input
                id={`${id}-${name}`}
                type={type}
                min={type === 'number' ? 1 : undefined}
                step={type === 'number' ? 1 : undefined}
                placeholder={placeholder}
                value={filters[name]}
                aria-invalid={problems[name] ? true : undefined}
                aria-describedby={problems[name] ? `${id}-${name}-problem` : undefined}
                onChange={(event) => onChange({ ...filters, [name]: event.target.value })}
              />
              {problems[name] && (
                <p id={`${id}-${name}-problem`} className="text-xs text-destructive">
                  {problems[name].message}
                </p>
              )}
            </div>
          ))}
        </div>
        {/* issue 36: the logs flagged unusual where and when they were made */}
        <div className="flex items-center gap-2">
          {/* the browser's own box: Radix's would add 2.4 kB to the list's budget */}
          <input
            type="checkbox"
            id={`${id}-flag`}
            className="size-4 shrink-0 accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            checked={filters.flag === 'unusual'}
            onChange={(event) =>
              onChange({ ...filters, flag: event.target.checked ? 'unusual' : '' })
            }
          />
          <Label htmlFor={`${id}-flag`}>Unusual only</Label>
        </div>
        <Button variant="outline" onClick={onClear} disabled={active === 0}>
          Clear Filters
        </Button>
      </PopoverContent>
    </Popover>
  );
}
