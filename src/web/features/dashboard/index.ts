// The dashboard feature's public entry: other features, pages and the app import it from here only.
export { FirstRunChecklist } from './first-run-checklist.tsx';
export { Sidebar } from './sidebar.tsx';
export { type SidebarDialog, SidebarDialogs } from './sidebar-dialogs.tsx';
export { SkipToMapLink } from './skip-to-map-link.tsx';
export { TodayStatistics } from './statistics.tsx';
export { TopBar } from './top-bar.tsx';
export { useSubscriptionReturnToast } from './use-subscription-return-toast.ts';
export { defaultFloorView, type FloorView, ViewSwitch } from './view-switch.tsx';
