import { type AuditLogFilter, isAuditAction } from '#domain/audit.ts';
import { auditActionGroups } from '#domain/audit-kinds.ts';

/** What the audit log's filters show: a kind ('' for all, `group:<id>` for a group, or one action), a person, dates. */
export interface AuditFilterState {
  kind: string;
  actorId: string;
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilterState = { kind: '', actorId: '', from: '', to: '' };

export const groupKind = (groupId: string) => `group:${groupId}`;

/** The query the filters ask for: a group stands for its actions; empty fields ask for nothing. */
export function auditFilterOf(state: AuditFilterState): Partial<AuditLogFilter> {
  const group = auditActionGroups.find((item) => groupKind(item.id) === state.kind);
  const action = group ? [...group.actions] : isAuditAction(state.kind) ? state.kind : undefined;
  return {
    ...(action ? { action } : {}),
    ...(state.actorId ? { actorId: state.actorId } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
  };
}

export function hasAuditFilters(state: AuditFilterState): boolean {
  return Object.keys(auditFilterOf(state)).length > 0;
}

/** Why the dates cannot be asked for as they are, if they cannot. */
export function auditDateProblem(state: Pick<AuditFilterState, 'from' | 'to'>): string | undefined {
  return state.from && state.to && state.to < state.from ? 'The To date must be on or after the From date.' : undefined;
}
