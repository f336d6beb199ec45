import type { ReactNode } from 'react';

interface PlaceholderScreenProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** A screen whose real content arrives with later work: a heading and what will fill it. */
export function PlaceholderScreen({ title, description, children }: PlaceholderScreenProps) {
  return (
    <section className="screen">
      <h1 className="screen__title">{title}</h1>
      <p className="screen__description">{description}</p>
      {children}
    </section>
  );
}
