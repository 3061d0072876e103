export { AssignedDeskReleases } from './assigned-desk-releases.tsx';
export { releaseDays, takeBackRelease, useReleaseDays, useTakeBackRelease } from './release-days.ts';
export { ReleaseDialog } from './release-dialog.tsx';
