export { menuOrder, type SettingsScreen } from './settingsScreen.ts';
export { useSettingsRecord } from './useSettingsRecord.ts';
