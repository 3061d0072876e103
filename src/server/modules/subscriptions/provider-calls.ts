import { subscriptionMessages } from '#domain/subscription.ts';
import type { AppContext } from '#server/context.ts';
import { AppError, describeForLog } from '#server/errors.ts';
import { PaymentProviderError } from '#server/payments/provider.ts';

/** The provider is down, slow or refused: nothing was changed locally, and the person may simply try again. */
export const providerUnavailable = () => new AppError(502, subscriptionMessages.providerUnavailable);

/** Runs one provider call; its failure becomes a 502 with a clear sentence, the details go to the log. */
export async function callProvider<T>(context: AppContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      context.log.warn({ error: describeForLog(error), operation: what }, 'payment provider call failed');
      throw providerUnavailable();
    }
    throw error;
  }
}
