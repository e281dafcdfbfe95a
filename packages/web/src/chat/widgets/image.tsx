/**
 * Images (SPEC W4): one image, a horizontal group of images alone (a root Row of Images), or an
 * image inside a card. Only https URLs load, without a referrer, lazily; a picture that fails to
 * load leaves its alt text in a frame.
 *
 * An image's address comes from the model, and a model that read a hostile page or file can be
 * told to put what it knows into that address: loading it would send that to another site without
 * anyone clicking. So a picture loads only when the user asks (its frame names the site first).
 */
import { Button, Text } from '@mantine/core';
import type { WidgetNodeOf } from '@skilldock/core/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeHttpsUrl } from './safe-url';

/** One image with its caption. */
export function WidgetImage({
  node,
  alone = false,
}: {
  readonly node: WidgetNodeOf<'Image'>;
  readonly alone?: boolean;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(false);
  const src = safeHttpsUrl(node.src);
  const height = node.height ?? (alone ? 320 : 160);
  return (
    <figure data-widget="Image" className="sd-widget-image" style={{ maxWidth: alone ? '100%' : undefined }}>
      {src === undefined || failed ? (
        <div className="sd-widget-image-missing" role="img" aria-label={node.alt} style={{ height }}>
          <Text size="sm" c="dimmed">
            {t('widget.image.failed', { alt: node.alt })}
          </Text>
        </div>
      ) : !asked ? (
        <div className="sd-widget-image-missing sd-widget-image-ask" style={{ height }}>
          <Text size="sm">{node.alt}</Text>
          <Button size="compact-xs" variant="light" onClick={() => setAsked(true)}>
            {t('widget.image.show', { host: new URL(src).host })}
          </Button>
        </div>
      ) : (
        <img
          src={src}
          alt={node.alt}
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          style={{ height, objectFit: node.fit ?? 'cover' }}
        />
      )}
      {node.caption !== undefined && (
        <figcaption>
          <Text size="xs" c="dimmed">
            {node.caption}
          </Text>
        </figcaption>
      )}
    </figure>
  );
}

/** Several images alone, side by side, scrolling sideways when they do not fit. */
export function WidgetImageGroup({ images }: { readonly images: readonly WidgetNodeOf<'Image'>[] }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of figures has no element of its own
    <div
      data-widget="ImageGroup"
      className="sd-widget-image-group"
      role="group"
      aria-label={t('widget.image.group')}
    >
      {images.map((image, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the images of a widget never reorder
        <WidgetImage key={index} node={image} />
      ))}
    </div>
  );
}
