import { useId } from 'react';
import { isImageSource } from '@pagelog/contracts/blocks/link-target';
import { isLinkedInUrl, specialtiesOf } from '@pagelog/contracts/blocks/types/team-block';
import { pageFileGroup } from '@pagelog/contracts/media/media';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { typeDataImage } from '@pagelog/contracts/pages/type-data-fields';
import { LibraryPicture } from '../blocks/library-picture';
import { text } from '../blocks/prop-text';
import type { SiteTexts } from '../language/site-texts';
import { mailtoHref, telHref } from '../layout/site-footer';
import { pageTypeTexts } from './page-type-texts';

/** How wide a team member's photo is shown: a portrait beside the name, never wider than this. */
const PHOTO_SIZES = '(max-width: 44rem) 40vw, 12rem';

/** The photo: the library image (its own alternative text), else an image by its address (decorative: the name is the heading beside it). */
function photoOf(page: PublicPageView) {
  const props = page.pageVersion.pageType?.props ?? {};
  const image = typeDataImage(props, 'photo');
  if (image !== null) {
    return <LibraryPicture pageID={page.pageVersion.pageID} blockKey={null} group={pageFileGroup({ kind: 'type_image', field: 'photo' })} image={image} priority sizes={PHOTO_SIZES} />;
  }
  const url = text(props.photoUrl);
  return url !== '' && isImageSource(url) ? <img src={url} alt="" loading="eager" decoding="async" /> : null;
}

/**
 * What a team member's page shows under the name (contracts' page type `team-member`): the photo,
 * the function, the specialties as a list, and how to reach them (e-mail, phone, LinkedIn) as
 * facts with links. Each only when set; a LinkedIn address is linked only when it is one.
 */
export function TeamMemberDetails({ page, texts }: { page: PublicPageView; texts: SiteTexts }) {
  const specialtiesId = useId();
  const props = page.pageVersion.pageType?.props ?? {};
  const words = pageTypeTexts(page.locale);
  const role = text(props.function);
  const specialties = specialtiesOf(props.specialties);
  const email = text(props.email);
  const mailto = email === '' ? null : mailtoHref(email);
  const phone = text(props.phone);
  const tel = phone === '' ? null : telHref(phone);
  const linkedIn = text(props.linkedinUrl);
  const hasLinkedIn = linkedIn !== '' && isLinkedInUrl(linkedIn);
  const photo = photoOf(page);
  const reachable = mailto !== null || tel !== null || hasLinkedIn;
  return (
    <div className="team-member">
      {photo !== null && <div className="team-member__photo">{photo}</div>}
      <div className="team-member__about">
        {role !== '' && <p className="team-member__function">{role}</p>}
        {specialties.length > 0 && (
          <>
            <p id={specialtiesId} className="team-member__label">
              {texts.specialties}
            </p>
            <ul className="team-member__specialties" aria-labelledby={specialtiesId}>
              {specialties.map((specialty, index) => (
                <li key={index}>{specialty}</li>
              ))}
            </ul>
          </>
        )}
        {reachable && (
          <dl className="page-facts" aria-label={words.contactMember}>
            {mailto !== null && (
              <div className="page-facts__item">
                <dt>{texts.email}</dt>
                <dd>
                  <a href={mailto}>{email}</a>
                </dd>
              </div>
            )}
            {tel !== null && (
              <div className="page-facts__item">
                <dt>{texts.phone}</dt>
                <dd>
                  <a href={tel}>{phone}</a>
                </dd>
              </div>
            )}
            {hasLinkedIn && (
              <div className="page-facts__item">
                <dt>LinkedIn</dt>
                <dd>
                  {/* The profile's address as people write it: without https:// and a closing slash. */}
                  <a href={linkedIn}>{linkedIn.replace(/^https:\/\//i, '').replace(/\/$/, '')}</a>
                </dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </div>
  );
}
