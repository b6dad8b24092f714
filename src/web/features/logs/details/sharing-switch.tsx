import { useId } from 'react';
import { toast } from 'sonner';
import type { Log } from '../../../../common/logs/schemas';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';
import { useUpdateSharing } from '../api/use-log-writes';
import { toWritePayload } from '../form/log-payload';

/** The details card's Public Sharing switch (SPEC §2). */
export function SharingSwitch({ log }: { log: Log }) {
  const id = useId();
  const updateSharing = useUpdateSharing(log.id);
  const toggle = (isPublic: boolean) =>
    // SPEC §4: the sharing toggle sends a full update with the new flag
    updateSharing.mutate(
      { ...toWritePayload(log), isPublic },
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
          {log.isPublic
            ? 'This log is public and can be shared via link'
            : 'Enable to make this log shareable via link'}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={log.isPublic}
        disabled={updateSharing.isPending}
        onCheckedChange={toggle}
      />
    </div>
  );
}
