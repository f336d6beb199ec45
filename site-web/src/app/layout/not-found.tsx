import type { SiteTexts } from '../language/site-texts';

/** Shown when the site has no page for the path and no "404" page of its own either. */
export function NotFound({ homeHref, texts }: { homeHref: string; texts: SiteTexts }) {
  return (
    <div className="not-found">
      <h1>{texts.notFoundTitle}</h1>
      <p>{texts.notFoundText}</p>
      <p>
        <a href={homeHref}>{texts.notFoundHomeLink}</a>
      </p>
    </div>
  );
}
