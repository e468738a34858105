import { describe, expect, it } from 'vitest';
import { LEARNER_MENU_KEYS, learnerMenuEntries, selectedLearnerMenu, visibleLearnerMenu } from './learnerMenu.ts';

describe('learner menu (spec 1 §6.2 settings_menu: rename, hide and reorder)', () => {
  it('is the portal’s own menu without a configuration', () => {
    expect(learnerMenuEntries(undefined).map((e) => e.key)).toEqual([...LEARNER_MENU_KEYS]);
    expect(learnerMenuEntries([]).every((e) => e.label === '' && !e.hidden)).toBe(true);
  });

  it('puts the configured entries first, then the ones it does not name, dropping unknown keys and repeats', () => {
    const entries = learnerMenuEntries([
      { key: 'calendar', label: ' Agenda ', hidden: false }, { key: 'nope', label: 'x', hidden: false }, { key: 'calendar', label: 'Twice', hidden: true },
      { key: 'news', label: '', hidden: true },
    ]);
    expect(entries.slice(0, 3)).toEqual([
      { key: 'calendar', label: 'Agenda', hidden: false }, { key: 'news', label: '', hidden: true }, { key: 'home', label: '', hidden: false },
    ]);
    expect(entries).toHaveLength(LEARNER_MENU_KEYS.length);
  });

  it('leaves the hidden entries out of what the portal shows, for the selected client only', () => {
    const menu = [{ key: 'feed' as const, label: 'Mural', hidden: false }, { key: 'home' as const, label: '', hidden: true }];
    expect(visibleLearnerMenu(menu).map((e) => e.key).slice(0, 2)).toEqual(['feed', 'courses']);
    const user = { id_user_client_selected: 2, user_clients: [{ id: 1, settings: {} }, { id: 2, settings: { learner_menu: menu } }] };
    expect(selectedLearnerMenu(user)[0]).toEqual({ key: 'feed', label: 'Mural', hidden: false });
    expect(selectedLearnerMenu({ ...user, id_user_client_selected: 1 })[0]!.key).toBe('home');
    expect(selectedLearnerMenu(null)).toHaveLength(LEARNER_MENU_KEYS.length);
  });
});
