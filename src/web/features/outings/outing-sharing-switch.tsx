import { useId } from 'react';
import { toast } from 'sonner';
import type { Outing } from '../../../common/outings/schemas';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';
import { toOutingPayload } from './outing-payload';
import { useUpdateOuting } from './use-outings';

/** The outing's Public Sharing switch, as a log's (SPEC §2): a full update with the new flag. */
export function OutingSharingSwitch({ outing }: { outing: Outing }) {
  const id = useId();
  const update = useUpdateOuting(outing.id);
  const toggle = (isPublic: boolean) =>
    update.mutate(
      { ...toOutingPayload(outing), isPublic },
      {
        onError: (error) => {
          if (!isUnauthorized(error)) {
            toast.error('Error', {
              description: errorMessage(error, 'Failed to update sharing settings'),
            });
          }
        },
      },
    );
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
      <div className="grid grid-cols-1 gap-1">
        <Label htmlFor={id}>Public Sharing</Label>
        <p className="text-sm text-muted-foreground" id={`${id}-hint`}>
          {outing.isPublic
            ? 'This outing is public: its link shows the effort and its public logs'
            : 'Enable to make this outing shareable via link'}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={outing.isPublic}
        disabled={update.isPending}
        onCheckedChange={toggle}
      />
    </div>
  );
}
