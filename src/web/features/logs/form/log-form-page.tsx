import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { appRoutes, logPath } from '../../../../common/routes';
import { PageMain } from '@/components/page-main';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { deleteFormDraft, QUEUED, toastWriteDone } from '@/features/offline';
import { currentUserId } from '@/lib/query-keys';
import { toastLifer } from '../details/lifer-mark';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { isUnauthorized } from '@/lib/query-client';
import { useLog } from '../api/use-log';
import { useCreateLog, useUpdateLog } from '../api/use-log-writes';
import { LogNotFound } from '../details/log-not-found';
import { NEW_LOG_DRAFT } from './form-draft';
import { LogForm } from './log-form';
import { useLeaveTo } from './leave-guard';
import { formValues, newLogValues, toRequest } from './form-values';
import { useDocumentTitle } from '@/lib/use-document-title';

const failed = (error: unknown, fallback: string) => {
  if (!isUnauthorized(error)) toast.error('Error', { description: errorMessage(error, fallback) });
};

/**
 * One save at a time, whatever is clicked or pressed: a double-click or Enter pressed twice
 * calls `onSave` twice before React renders the button disabled, so the guard is a ref, set at
 * once and cleared when the call settles.
 */
function useOneSaveAtATime() {
  const busy = useRef(false);
  return (save: (settled: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    save(() => {
      busy.current = false;
    });
  };
}

export function NewLogPage() {
  useDocumentTitle('New Log');
  const navigate = useLeaveTo(); // from a changed form's guard entry too
  const createLog = useCreateLog();
  const [defaultValues] = useState(newLogValues); // 'now' once, not at every render
  // one form, one log: every try of this form sends the same Idempotency-Key
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const once = useOneSaveAtATime();
  const userId = currentUserId(useQueryClient());
  return (
    <PageMain className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <LogForm
        mode="create"
        draftOf={userId}
        defaultValues={defaultValues}
        saving={createLog.isPending}
        onCancel={() => navigate(appRoutes.home)}
        onSave={(values) =>
          once((settled) =>
            createLog.mutate(
              { payload: toRequest(values), idempotencyKey },
              {
                onSuccess: (log) => {
                  if (userId) deleteFormDraft(userId, NEW_LOG_DRAFT); // saved, or queued to be
                  toastWriteDone(log, 'Log created successfully');
                  if (log !== QUEUED && log.lifer) toastLifer(log.speciesCommon);
                  // offline, the log waits on this device: the list shows it as pending
                  navigate(log === QUEUED ? appRoutes.home : logPath(log.id));
                },
                onError: (error) => failed(error, 'Failed to create log'),
                onSettled: settled,
              },
            ),
          )
        }
      />
    </PageMain>
  );
}

export function EditLogPage({ id }: { id: string }) {
  useDocumentTitle('Edit Log');
  const navigate = useLeaveTo(); // from a changed form's guard entry too
  const { data: log, error } = useLog(id);
  const updateLog = useUpdateLog(id);
  const once = useOneSaveAtATime();

  // null: its deletion waits for the connection
  if (log === null || (error instanceof ApiError && error.status === 404)) return <LogNotFound />;
  return (
    <PageMain className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      {log ? (
        <LogForm
          mode="edit"
          defaultValues={formValues(log)}
          taxon={log.taxon}
          shown={log}
          recordings={log.recordings}
          saving={updateLog.isPending}
          onCancel={() => navigate(logPath(id))}
          onSave={(values) =>
            once((settled) =>
              updateLog.mutate(toRequest(values), {
                onSuccess: (result) => {
                  toastWriteDone(result, 'Log updated successfully');
                  navigate(logPath(id));
                },
                onError: (failure) => failed(failure, 'Failed to update log'),
                onSettled: settled,
              }),
            )
          }
        />
      ) : (
        <FormSkeleton />
      )}
    </PageMain>
  );
}

function FormSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="form-skeleton">
      <CardHeader>
        <Skeleton className="h-7 w-40" />
      </CardHeader>
      <CardContent className="grid gap-5">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
