import type { PermissionKey } from '@app/shared/permissions';
import { messageSchema } from '@app/shared/schemas/common';
import {
  customDomainBody,
  galleryItemSchema,
  galleryOrderBody,
  STORE_CAPTION_MAX,
  STORE_IMAGE_MAX_BYTES,
  STORE_IMAGES,
  type StoreImage,
  storeAnalyticsQuery,
  storeAnalyticsSchema,
  storeAppearanceFields,
  storeBookingBody,
  storeContactsBody,
  storeGeneralBody,
  storePageBody,
  storePageSchema,
  storeSettingsSchema,
  subdomainBody,
  subdomainCheckSchema,
} from '@app/shared/schemas/store';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { storeGallery, storePages } from '../../db/schema/store';
import { t } from '../../i18n/messages';
import { dnsAdapterFor, type DnsAdapter } from '../../integrations/dns/dns.adapter';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { AppError, fieldError } from '../../lib/errors';
import { crudRoutes, ctxOf, listOf, one, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import type { OnboardingService } from '../onboarding/onboarding.service';
import { createStorePanelService, noImageError, type StoreUpload } from './store-panel.service';

const MB = STORE_IMAGE_MAX_BYTES / 1024 / 1024;

/**
 * The one `file` of a multipart request (and the `caption` field of a gallery picture). No file is
 * `noFile` (spec §5: "change the logo first"); a second file is refused (one image each).
 */
async function readStoreUpload(request: FastifyRequest, noFile: () => AppError): Promise<StoreUpload> {
  if (!request.isMultipart()) throw noFile();
  let found: Buffer | null = null;
  let caption: string | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: STORE_IMAGE_MAX_BYTES, files: 2, fields: 5, fieldSize: 2000 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'caption' && typeof part.value === 'string') caption = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (found) {
        part.file.resume();
        throw fieldError('file', 'only_one_image');
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw fieldError('file', 'file_too_large', { max: MB });
      }
      if (part.file.truncated) throw fieldError('file', 'file_too_large', { max: MB });
      found = bytes;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'only_one_image');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', 'file_too_large', { max: MB });
    // A truncated or malformed multipart body is the client's fault, not a server error.
    throw fieldError('file', 'invalid');
  }
  if (!found || found.length === 0) throw noFile();
  if (caption && caption.trim().length > STORE_CAPTION_MAX) throw fieldError('caption', 'max_length', { max: STORE_CAPTION_MAX });
  return { bytes: found, caption };
}

const kindParams = z.object({ kind: z.enum(STORE_IMAGES, 'invalid') });

/**
 * The store panel's API (issue 19; spec §2 /store): store settings (`store.settings`), the look
 * (`store.appearance`), contacts (`store.contacts`), the custom domain (`store.website_management`),
 * the store URL (`store.settings`), the gallery (`store.gallery`), custom pages (`marketing.pages`)
 * and the analytics (`marketing.booking_page`).
 */
export const storePanelRoutes =
  (deps: { db: Database; config: Config; storage: StorageAdapter; onboarding: OnboardingService; dns?: DnsAdapter }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createStorePanelService({ ...deps, dns: deps.dns ?? dnsAdapterFor(deps.config.dnsResolver) });
    const tags = ['store'];
    const settingsResult = written(storeSettingsSchema);
    const guard = (...permissions: PermissionKey[]): RouteGuard => ({ permissions });

    app.get(
      '/store/settings',
      {
        // Every tab of the panel shows from this one answer.
        config: guard('store.settings', 'store.appearance', 'store.gallery', 'store.contacts', 'store.website_management', 'marketing.booking_page'),
        schema: { tags, summary: "The store's settings, look, contacts and addresses (defaults until first saved)", response: { 200: one(storeSettingsSchema) } },
      },
      async (request) => ({ data: await svc.settings(ctxOf(request)) }),
    );

    app.post(
      '/store/settings/general',
      {
        config: guard('store.settings'),
        schema: { tags, summary: 'Store name, description, status (active or maintenance) and the maintenance page', body: storeGeneralBody, response: { 200: settingsResult } },
      },
      async (request) => ({ message: t('saved', request.locale), data: await svc.saveGeneral(ctxOf(request), request.body) }),
    );

    app.post(
      '/store/settings/booking',
      { config: guard('store.settings'), schema: { tags, summary: 'How the store takes bookings, and its homepage layout', body: storeBookingBody, response: { 200: settingsResult } } },
      async (request) => ({ message: t('saved', request.locale), data: await svc.saveBooking(ctxOf(request), request.body) }),
    );

    app.post(
      '/store/settings/appearance',
      { config: guard('store.appearance'), schema: { tags, summary: "The store's colours", body: storeAppearanceFields, response: { 200: settingsResult } } },
      async (request) => ({ message: t('saved', request.locale), data: await svc.saveAppearance(ctxOf(request), request.body) }),
    );

    // The kind is one of three words, not a row: no resource check.
    const imageGuard: RouteGuard = { permissions: ['store.appearance'], globalParams: true };
    app.post(
      '/store/settings/images/:kind',
      {
        config: imageGuard,
        schema: {
          tags,
          summary: `Replace the logo (JPG/PNG, 500 KB, at most 500×500, square), banner or favicon (JPG/PNG/WEBP, ${MB} MB): multipart, one "file"`,
          consumes: ['multipart/form-data'],
          params: kindParams,
          response: { 200: settingsResult },
        },
      },
      async (request) => {
        const kind = request.params.kind as StoreImage;
        const upload = await readStoreUpload(request, () => noImageError(kind));
        return { message: t('image_saved', request.locale), data: await svc.setImage(ctxOf(request), kind, upload) };
      },
    );
    app.delete(
      '/store/settings/images/:kind',
      { config: imageGuard, schema: { tags, summary: 'Remove the logo, banner or favicon', params: kindParams, response: { 200: settingsResult } } },
      async (request) => ({ message: t('image_removed', request.locale), data: await svc.removeImage(ctxOf(request), request.params.kind as StoreImage) }),
    );

    app.post(
      '/store/settings/contacts',
      { config: guard('store.contacts'), schema: { tags, summary: "The store's phone, e-mail, address and social links (replaced as sent)", body: storeContactsBody, response: { 200: settingsResult } } },
      async (request) => ({ message: t('saved', request.locale), data: await svc.saveContacts(ctxOf(request), request.body) }),
    );

    app.post(
      '/store/settings/custom-domain',
      {
        config: guard('store.website_management'),
        schema: { tags, summary: 'Set the custom domain (unverified until its TXT record is found), or clear it with null', body: customDomainBody, response: { 200: settingsResult } },
      },
      async (request) => ({ message: t('saved', request.locale), data: await svc.setCustomDomain(ctxOf(request), request.body.custom_domain) }),
    );
    app.post(
      '/store/settings/custom-domain/verify',
      { config: guard('store.website_management'), schema: { tags, summary: 'Verify the custom domain by its TXT record _khidma.<domain>', response: { 200: settingsResult } } },
      async (request) => ({ message: t('custom_domain_verified', request.locale), data: await svc.verifyCustomDomain(ctxOf(request)) }),
    );

    app.post(
      '/settings/booking-page-settings/check-subdomain',
      {
        config: { permissions: ['store.settings'], rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, summary: 'Whether a store URL is free, with up to five free alternatives', body: subdomainBody, response: { 200: one(subdomainCheckSchema) } },
      },
      async (request) => ({ data: await svc.checkSubdomain(ctxOf(request), request.body.subdomain) }),
    );
    app.post(
      '/settings/booking-page-settings/update-subdomain',
      { config: guard('store.settings'), schema: { tags, summary: 'Choose the store URL (only while none is chosen: it is fixed once chosen)', body: subdomainBody, response: { 200: settingsResult } } },
      async (request) => ({ message: t('saved', request.locale), data: await svc.updateSubdomain(ctxOf(request), request.body.subdomain) }),
    );

    // ------------------------------------------------------------ gallery (store.gallery)
    const galleryGuard = guard('store.gallery');
    const galleryTags = ['store-gallery'];
    app.get(
      '/gallery',
      { config: galleryGuard, schema: { tags: galleryTags, summary: "The store's gallery, in its order", response: { 200: listOf(galleryItemSchema) } } },
      async (request) => ({ data: await svc.listGallery(ctxOf(request)) }),
    );
    app.post(
      '/gallery',
      {
        config: galleryGuard,
        schema: {
          tags: galleryTags,
          summary: `Add a picture (multipart: one "file", JPG/PNG/WEBP, ${MB} MB; optional "caption")`,
          consumes: ['multipart/form-data'],
          response: { 201: written(galleryItemSchema) },
        },
      },
      async (request, reply) => {
        const upload = await readStoreUpload(request, () => noImageError('gallery'));
        const data = await svc.addGalleryItem(ctxOf(request), upload);
        return reply.status(201).send({ message: t('created', request.locale), data });
      },
    );
    app.post(
      '/gallery/order',
      { config: galleryGuard, schema: { tags: galleryTags, summary: 'Reorder the gallery (the ids named first, in that order)', body: galleryOrderBody, response: { 200: z.object({ message: z.string(), data: z.array(galleryItemSchema) }) } } },
      async (request) => ({ message: t('updated', request.locale), data: await svc.orderGallery(ctxOf(request), request.body.ids) }),
    );
    app.delete(
      '/gallery/:id',
      { config: { ...galleryGuard, resources: { id: storeGallery } }, schema: { tags: galleryTags, summary: 'Remove a picture (and its file)', params: z.object({ id: z.uuid() }), response: { 200: messageSchema } } },
      async (request) => {
        await svc.removeGalleryItem(ctxOf(request), request.params.id);
        return { message: t('deleted', request.locale) };
      },
    );

    // ------------------------------------------------------------ custom pages (marketing.pages)
    crudRoutes(app, { path: '/store/custom-pages', tags: ['store-pages'], guard: guard('marketing.pages'), table: storePages, body: storePageBody, item: storePageSchema, service: svc.pages });

    // ------------------------------------------------------------ analytics (marketing.booking_page)
    app.get(
      '/store/analytics',
      {
        config: guard('marketing.booking_page'),
        schema: { tags, summary: "The store's visits, bookings and conversion per local day (at most 92 days)", querystring: storeAnalyticsQuery, response: { 200: one(storeAnalyticsSchema) } },
      },
      async (request) => ({ data: await svc.analytics(ctxOf(request), request.query) }),
    );
  };
