import { toast } from 'sonner';
import { QUEUED } from './offline-queue';

/** SPEC §8's success toast, or, for a write queued offline, when it will be sent. */
export function toastWriteDone(result: unknown, success: string) {
  if (result === QUEUED) {
    toast.success('Saved offline', { description: 'It will be sent when you are back online.' });
  } else {
    toast.success('Success', { description: success });
  }
}
