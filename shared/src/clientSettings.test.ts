import { describe, expect, it } from 'vitest';
import { sectionHeading } from './clientSettings.ts';

const user = (selected: number, settings: Record<string, string>) => ({
  id_user_client_selected: selected,
  user_clients: [{ id: 1, settings: {} }, { id: 2, settings }],
});

describe('sectionHeading (spec 2 §1, spec 3 §2: the client renames its sections)', () => {
  it("gives the selected client's own word", () => {
    expect(sectionHeading(user(2, { title_trainings: 'Cursos' }), 'trainings')).toBe('Cursos');
    expect(sectionHeading(user(2, { title_webcasts: ' Lives ' }), 'webcasts')).toBe('Lives');
    expect(sectionHeading(user(2, { title_news: 'Comunicados' }), 'news')).toBe('Comunicados');
  });

  it('keeps ours for the default key, an empty value, another client or no user', () => {
    expect(sectionHeading(user(2, { title_trainings: 'trainings' }), 'trainings')).toBeNull();
    expect(sectionHeading(user(2, { title_webcasts: 'webinars' }), 'webcasts')).toBeNull();
    expect(sectionHeading(user(2, { title_news: '  ' }), 'news')).toBeNull();
    expect(sectionHeading(user(1, { title_news: 'Comunicados' }), 'news')).toBeNull();
    expect(sectionHeading(null, 'news')).toBeNull();
  });
});
