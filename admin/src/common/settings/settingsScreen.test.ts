import { describe, expect, it } from 'vitest';
import { menuOrder, type SettingsScreen } from './settingsScreen.ts';

const screen = (name: string, after: string): SettingsScreen => ({ name, title: name, after, icon: () => null, Screen: () => null });

describe('settings screens in the menu', () => {
  it('join the menu right after the entry they follow, in a chain, or at the end', () => {
    const order = menuOrder(['tags', 'messages', 'badges', 'users'], [
      screen('mailing_list_config', 'messages'), screen('terms', 'badges'), screen('about', 'terms'), screen('orphan', 'gone'),
    ]);
    expect(order).toEqual(['tags', 'messages', 'mailing_list_config', 'badges', 'terms', 'about', 'users', 'orphan']);
  });
});
