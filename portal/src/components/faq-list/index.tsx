import type { FaqGroup } from '@lp/shared/rules';
import { safeHtml } from '../../lib/safe-html.ts';
import './faq.css';

/**
 * FAQ questions by category (the learner's institutional/faq and the login page's public FAQ):
 * each question opens to its answer; the answer's HTML is sanitised again here.
 */
export function FaqList({ groups, headingLevel = 2 }: { groups: readonly FaqGroup[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div class="faq-groups">
      {groups.map((group) => (
        <section key={group.name} class="faq-group" aria-label={group.name}>
          <Heading>{group.name}</Heading>
          <ul class="faq-questions">
            {group.questions.map((q) => (
              <li key={q.id}>
                <details class="faq-question">
                  <summary>{q.question}</summary>
                  <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(q.answer) }} />
                </details>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
