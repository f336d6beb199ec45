/** Shown when the site has no page for the path and no "404" page of its own either. */
export function NotFound({ homeHref }: { homeHref: string }) {
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or is no longer published.</p>
      <p>
        <a href={homeHref}>Go to the home page</a>
      </p>
    </div>
  );
}
