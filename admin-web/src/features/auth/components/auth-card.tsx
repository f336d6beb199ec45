import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of the screens outside the layout: the product name, a heading and the content. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-screen">
      <div className="auth-screen__card">
        <p className="auth-screen__brand">{t('app.name')}</p>
        <h1 className="auth-screen__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
