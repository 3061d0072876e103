import { toast } from '../components/ui/use-toast.ts';
import { errorMessage } from './api.ts';

/** The toast of a request that failed: the server's sentence for a 4xx, else `fallback` ('Failed to …'). */
export function showErrorToast(error: unknown, fallback: string) {
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}
