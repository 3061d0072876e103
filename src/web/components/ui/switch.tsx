import type { ButtonHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

const sizes = {
  sm: { track: 'h-5 w-9', off: 'bg-slate-300', thumb: 'size-4', on: 'translate-x-4' },
  md: { track: 'h-6 w-11', off: 'bg-slate-400', thumb: 'size-5', on: 'translate-x-5' },
} as const;

export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role' | 'type'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  size?: keyof typeof sizes;
}

/**
 * An on/off button outside a form (role switch, its state in aria-checked): a track with a sliding thumb. Name it
 * with aria-labelledby or aria-label. A switch of a react-hook-form form is a SwitchField.
 */
export function Switch({ checked, onCheckedChange, size = 'md', disabled, className, ...props }: SwitchProps) {
  const look = sizes[size];
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative shrink-0 rounded-full transition-colors',
        look.track,
        checked ? 'bg-brand-600' : look.off,
        disabled && 'cursor-not-allowed bg-slate-200',
        className,
      )}
      {...props}
    >
      <span
        className={cn(
          'absolute top-0.5 left-0.5 rounded-full bg-white shadow transition-transform',
          look.thumb,
          checked && look.on,
        )}
      />
    </button>
  );
}
