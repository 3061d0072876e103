import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '../../../domain/subscription.ts';

/** One row of GET /api/admin/organizations (platform admins only). */
export interface PlatformOrganization {
  id: string;
  name: string;
  slug: string;
  member_count: number;
  created_at: string;
  admin_emails: string[];
  subscription: {
    plan: string | null;
    planId: string | null;
    status: SubscriptionStatus;
    maxUsers: number;
    isOverridden: boolean;
    overrideReason: string | null;
    nextBillingTime: string | null;
    endsAt: string | null;
  };
}

export const platformOrganizationsKey = ['/api/admin/organizations'] as const;

export function usePlatformOrganizations(enabled: boolean) {
  return useQuery<PlatformOrganization[]>({ queryKey: platformOrganizationsKey, enabled });
}
