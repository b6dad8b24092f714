import type { ReactNode } from 'react';

/** One choice of a radio group drawn as a card: its title, and a line that explains it. */
export function RadioCard({
  name,
  checked,
  onChange,
  title,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  title: string;
  children?: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring">
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <span className="grid gap-1">
        <span className="font-medium">{title}</span>
        {children && <span className="text-muted-foreground">{children}</span>}
      </span>
    </label>
  );
}
