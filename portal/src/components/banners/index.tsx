import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { BANNER_IMAGE_ASPECTS, bannerLink, type BannerType } from '@lp/shared/rules';
import type { LearnerBanner } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { useBanners } from '../../hooks/use-banners.ts';
import './banners.css';

/** Where the link goes: our own pages in place, others in a new tab (spec 3 §5 URL rule). */
function BannerAnchor({ banner, class: className, children }: { banner: LearnerBanner; class?: string; children: ComponentChildren }) {
  const link = bannerLink(banner.url, window.location.host);
  if (link.kind === 'internal') return <Link href={link.path} class={className}>{children}</Link>;
  if (link.kind === 'external') return <a href={link.href} class={className} target="_blank" rel="noopener noreferrer">{children}</a>;
  return <>{children}</>;
}

/** The desktop image, and the mobile one on phones (spec 3 §3: desktop and mobile images). */
function BannerPicture({ banner, eager = false }: { banner: LearnerBanner; eager?: boolean }) {
  const aspects = BANNER_IMAGE_ASPECTS[banner.banner_type];
  return (
    <picture class="banner-picture" style={{ '--banner-desktop': String(aspects.desktop), '--banner-mobile': String(aspects.mobile) }}>
      <source media="(max-width: 40rem)" srcset={banner.mobile_image} />
      <img src={banner.desktop_image} alt={banner.title} loading={eager ? 'eager' : 'lazy'} decoding="async" />
    </picture>
  );
}

function BannerItem({ banner, eager }: { banner: LearnerBanner; eager?: boolean }) {
  const hasLink = bannerLink(banner.url, window.location.host).kind !== 'none';
  const label = banner.button_label.trim();
  return (
    <article class="banner" style={{ background: banner.background_color, color: banner.text_color }} aria-label={banner.title}>
      {hasLink && !label
        ? <BannerAnchor banner={banner} class="banner-image-link"><BannerPicture banner={banner} eager={eager} /></BannerAnchor>
        : <BannerPicture banner={banner} eager={eager} />}
      {hasLink && label && (
        <p class="banner-action">
          <BannerAnchor banner={banner} class="button-link button-small">{label}</BannerAnchor>
        </p>
      )}
    </article>
  );
}

/** The top of the home: one banner at a time, moved by the learner (nothing turns by itself). */
function TopBanners({ banners }: { banners: LearnerBanner[] }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const current = banners[Math.min(index, banners.length - 1)]!;
  const move = (step: number) => setIndex((i) => (i + step + banners.length) % banners.length);
  return (
    <section class="banners banners-top" aria-roledescription={t('portal.banners.carousel')} aria-label={t('portal.banners.top')}>
      <BannerItem banner={current} eager />
      {banners.length > 1 && (
        <div class="banner-controls">
          <button type="button" class="button-secondary button-small" onClick={() => move(-1)} aria-label={t('portal.banners.previous')}>‹</button>
          <span aria-live="polite">{t('portal.banners.position', { current: Math.min(index, banners.length - 1) + 1, total: banners.length })}</span>
          <button type="button" class="button-secondary button-small" onClick={() => move(1)} aria-label={t('portal.banners.next')}>›</button>
        </div>
      )}
    </section>
  );
}

/**
 * spec 3 §3, §4: the banners of one place on the home — top (one at a time), cards, campaign —
 * for the user's audience within their dates. Nothing shows while loading or on an error.
 */
export function HomeBanners({ place }: { place: BannerType }) {
  const { t } = useI18n();
  const { data } = useBanners();
  const banners = (data?.results ?? []).filter((banner) => banner.banner_type === place);
  if (banners.length === 0) return null;
  if (place === 'top') return <TopBanners banners={banners} />;
  return (
    <section class={`banners banners-${place}`} aria-label={t(`portal.banners.${place}`)}>
      <ul>
        {banners.map((banner) => <li key={banner.id}><BannerItem banner={banner} /></li>)}
      </ul>
    </section>
  );
}
