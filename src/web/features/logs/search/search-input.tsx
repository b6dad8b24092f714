import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

/** The list's search box (SPEC §2), also above the map. */
export function SearchInput({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  return (
    <div className="relative min-w-48 flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search"
        placeholder="Search by species name..."
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
