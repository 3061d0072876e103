// The following feature's public entry (issue 29: following colleagues, the week in Who's in, hidden names).
export { DailyMailItem } from './daily-mail-item.tsx';
export { FollowButton } from './follow-button.tsx';
export { followingQuery, useFollowing } from './get-following.ts';
export { HideNamesSetting } from './hide-names-setting.tsx';
export { type BookNear, WeekView } from './week-view.tsx';
