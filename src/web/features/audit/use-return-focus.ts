import { useEffect, useState } from 'react';

/**
 * A dialog opened without a Radix trigger gets no focus back when it closes: this hands focus back to
 * whatever had it when the dialog first rendered (read during render, before the dialog moves focus inside).
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      // After Radix has finished its own unmount focus handling.
      setTimeout(() => {
        if (opener?.isConnected) opener.focus();
      }, 0);
    },
    [opener],
  );
}
