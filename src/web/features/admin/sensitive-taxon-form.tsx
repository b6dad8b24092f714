import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  sensitiveLevels,
  sensitiveTaxonWriteSchema,
  type SensitiveLevel,
} from '../../../common/sensitive-taxa';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { levelTitles, ruleLabel } from './sensitive-taxa-format';
import { useAddSensitiveTaxon } from './use-admin';

type Field = 'scientificName' | 'areaName' | 'area';
type Problems = Partial<Record<Field | 'form', string>>;
const fields: readonly string[] = ['scientificName', 'areaName', 'area'] satisfies Field[];

/** Each issue under its field (by the first part of its path), the rest under the form. */
function problemsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const problems: Problems = {};
  for (const { path, message } of issues) {
    const field = fields.includes(String(path[0])) ? (path[0] as Field) : 'form';
    problems[field] ??= message;
  }
  return problems;
}

/** The area's text as JSON; undefined when empty, the text itself when not JSON (zod says why). */
function readArea(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A new rule by hand: the name, its level, and an area where it holds (GeoJSON) if not everywhere. */
export function SensitiveTaxonForm({ knownIds }: { knownIds: string[] }) {
  const add = useAddSensitiveTaxon();
  const [name, setName] = useState('');
  const [level, setLevel] = useState<SensitiveLevel>('obscured');
  const [areaName, setAreaName] = useState('');
  const [area, setArea] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblems({ scientificName: 'Scientific name is required' });
    const parsed = sensitiveTaxonWriteSchema.safeParse({
      scientificName: name,
      level,
      area: readArea(area),
      areaName,
    });
    if (!parsed.success) return setProblems(problemsOf(parsed.error.issues));
    setProblems({});
    try {
      const rule = await add.mutateAsync(parsed.data);
      toast.success(knownIds.includes(rule.id) ? 'Rule changed' : 'Rule added', {
        description: `${ruleLabel(rule)}: ${levelTitles[rule.level].toLowerCase()}`,
      });
      setName('');
      setAreaName('');
      setArea('');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblems(error.body.issues ? problemsOf(error.body.issues) : { form: error.body.message });
    }
  };

  const described = (field: Field, hint?: string) => ({
    id: `sensitive-${field}`,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby':
      [hint && `sensitive-${field}-hint`, problems[field] && `sensitive-${field}-problem`]
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const problem = (field: Field | 'form') =>
    problems[field] && (
      <p id={`sensitive-${field}-problem`} className="text-sm text-destructive" role="alert">
        {problems[field]}
      </p>
    );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="sensitive-add-heading"
      className="grid gap-4 rounded-lg border p-4"
    >
      <h3 id="sensitive-add-heading" className="font-semibold">
        Add a species
      </h3>
      <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <div className="grid gap-2">
          <Label htmlFor="sensitive-scientificName">Scientific name</Label>
          <Input
            {...described('scientificName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. Haliaeetus leucocephalus"
            autoComplete="off"
          />
          {problem('scientificName')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="sensitive-level">Level</Label>
          <NativeSelect
            id="sensitive-level"
            value={level}
            onChange={(event) => setLevel(event.target.value as SensitiveLevel)}
          >
            {sensitiveLevels.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {levelTitles[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="sensitive-areaName">Area name</Label>
        <Input
          {...described('areaName')}
          value={areaName}
          onChange={(event) => setAreaName(event.target.value)}
          autoComplete="off"
        />
        {problem('areaName')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="sensitive-area">Area (GeoJSON)</Label>
        <Textarea
          {...described('area', 'hint')}
          rows={3}
          className="font-mono text-xs md:text-xs"
          value={area}
          onChange={(event) => setArea(event.target.value)}
          spellCheck={false}
        />
        <p id="sensitive-area-hint" className="text-sm text-muted-foreground">
          A Polygon, a MultiPolygon or a Feature of one. Empty: everywhere.
        </p>
        {problem('area')}
      </div>
      {problem('form')}
      <div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Spinner aria-hidden="true" /> : <Plus />}
          Add
        </Button>
      </div>
    </form>
  );
}
