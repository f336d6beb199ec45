import type { Block } from '@pagelog/contracts/blocks/block';
import { text } from './prop-text';

interface Question {
  question: string;
  answer: string[];
}

/** The stored questions that can be shown, each answer split into paragraphs at blank lines. */
function questionsOf(value: unknown): Question[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    const question = text(record.question);
    const answer = text(record.answer)
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== '');
    return question !== '' && answer.length > 0 ? [{ question, answer }] : [];
  });
}

/**
 * Questions and answers (contracts' block type `faq`) as an accordion of `<details>` elements:
 * each opens and closes by mouse, keyboard and screen reader without any script, and the
 * browser's find-in-page opens the one that holds what is searched.
 */
export function FaqBlock({ block }: { block: Block }) {
  const title = text(block.props.title);
  const questions = questionsOf(block.props.items);
  if (questions.length === 0) return null;
  return (
    <section className="block block-faq">
      {title !== '' && <h2 className="block-faq__title">{title}</h2>}
      {questions.map((item, index) => (
        <details key={index} className="block-faq__item">
          <summary className="block-faq__question">{item.question}</summary>
          <div className="block-faq__answer">
            {item.answer.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </section>
  );
}
