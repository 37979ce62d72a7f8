import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompanyTaxExemptionSchema,
  pricingTexts,
  TAX_CERTIFICATE_MAX_BYTES,
  TaxExemptionDecisionSchema,
  TaxExemptionListQuerySchema,
  TaxExemptionParamsSchema,
  TaxExemptionSchema,
} from '@pitstop/core/pricing';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireAdmin, requireUser } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import { auditContextOf } from '../audit/service.js';
import {
  companyExemption,
  decideCertificate,
  exemptionManagerOf,
  listCertificates,
  oneCertificate,
  recordCertificate,
} from './service.js';
import {
  contentTypeOfKey,
  localCertificateStore,
  newCertificateKey,
  sniffCertificate,
  type CertificateStore,
} from './store.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};
const fileError = (message: string) => new AppError('invalid', message, [{ field: 'certificate', message }]);

/** A stored name as given, cut to one safe line for the download's name. */
function safeFileName(name: string): string {
  const base = path
    .basename(name)
    .replace(/[^\w.\- ]+/g, '_')
    .slice(0, 120)
    .trim();
  return base || 'certificate';
}

/**
 * Tax exemption (issue #30 item 5): a company's owner or accountant uploads a resale or exemption
 * certificate (PDF, PNG or JPEG, checked by its bytes); an admin approves or declines it. The file
 * is private: only that company's owner and accountants, and admins, can fetch it; anyone else
 * gets 404.
 */
export const taxExemptionsRoutes: FastifyPluginAsyncZod<{ store?: CertificateStore }> = async (app, opts) => {
  const store =
    opts.store ?? localCertificateStore(path.join(app.config.dataDir, 'private', 'tax-certificates'));
  await app.register(multipart, {
    limits: { fileSize: TAX_CERTIFICATE_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  const user = requireUser(app);
  const admin = requireAdmin(app);

  const sendFile = async (reply: FastifyReply, key: string, name: string) => {
    const bytes = await store.get(key);
    if (!bytes) throw new AppError('not_found', pricingTexts.unknownCertificate);
    return reply
      .header('content-type', contentTypeOfKey(key))
      .header('content-disposition', `attachment; filename="${safeFileName(name)}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  };

  app.get(
    '/company/tax-exemption',
    {
      preValidation: user,
      schema: {
        tags: ['companies'],
        summary: 'The company’s tax exemption and its certificates (owner and accountants)',
        security: [{ bearer: [] }],
        response: { 200: CompanyTaxExemptionSchema, ...problems },
      },
    },
    async (request) => {
      const membership = await exemptionManagerOf(app.db, currentUser(request).id);
      return companyExemption(app.db, membership.companyId);
    },
  );

  app.post(
    '/company/tax-exemption',
    {
      preValidation: user,
      schema: {
        tags: ['companies'],
        summary: 'Upload a certificate (multipart field "certificate": PDF, PNG or JPEG, at most 5 MB)',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 201: TaxExemptionSchema, ...problems },
      },
    },
    async (request, reply) => {
      const who = currentUser(request);
      const membership = await exemptionManagerOf(app.db, who.id);
      if (!request.isMultipart()) throw fileError(pricingTexts.certificateMissing);
      let file;
      try {
        file = await request.file();
      } catch {
        throw fileError(pricingTexts.certificateSize);
      }
      if (!file || file.fieldname !== 'certificate') throw fileError(pricingTexts.certificateMissing);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw fileError(pricingTexts.certificateSize);
      }
      if (file.file.truncated) throw fileError(pricingTexts.certificateSize);
      if (bytes.length === 0) throw fileError(pricingTexts.certificateMissing);
      const kind = sniffCertificate(bytes);
      if (!kind) throw fileError(pricingTexts.certificateType);
      const key = newCertificateKey(kind);
      await store.put(key, bytes);
      const name = safeFileName(file.filename.normalize('NFC'));
      const saved = await recordCertificate(
        app.db,
        membership,
        who.id,
        { key, name },
        auditContextOf(request),
      );
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/company/tax-exemption/:id/file',
    {
      preValidation: user,
      schema: {
        tags: ['companies'],
        summary: 'A certificate’s file (the company’s owner and accountants)',
        security: [{ bearer: [] }],
        params: TaxExemptionParamsSchema,
      },
    },
    async (request, reply) => {
      const membership = await exemptionManagerOf(app.db, currentUser(request).id);
      const found = await oneCertificate(app.db, request.params.id);
      // Another company's certificate does not exist for this one.
      if (!found || found.exemption.companyId !== membership.companyId)
        throw new AppError('not_found', pricingTexts.unknownCertificate);
      return sendFile(reply, found.fileKey, found.exemption.fileName);
    },
  );

  app.get(
    '/admin/tax-exemptions',
    {
      preValidation: admin,
      schema: {
        tags: ['companies'],
        summary: 'Tax exemption certificates, newest first, by status (admins)',
        security: [{ bearer: [] }],
        querystring: TaxExemptionListQuerySchema,
        response: { 200: z.array(TaxExemptionSchema), ...problems },
      },
    },
    async (request) => listCertificates(app.db, request.query.status),
  );

  app.get(
    '/admin/tax-exemptions/:id/file',
    {
      preValidation: admin,
      schema: {
        tags: ['companies'],
        summary: 'A certificate’s file (admins)',
        security: [{ bearer: [] }],
        params: TaxExemptionParamsSchema,
      },
    },
    async (request, reply) => {
      const found = await oneCertificate(app.db, request.params.id);
      if (!found) throw new AppError('not_found', pricingTexts.unknownCertificate);
      return sendFile(reply, found.fileKey, found.exemption.fileName);
    },
  );

  app.post(
    '/admin/tax-exemptions/:id/decision',
    {
      preValidation: admin,
      schema: {
        tags: ['companies'],
        summary: 'Approve (the company pays no sales tax from now on) or decline a certificate (admins)',
        security: [{ bearer: [] }],
        params: TaxExemptionParamsSchema,
        body: TaxExemptionDecisionSchema,
        response: { 200: TaxExemptionSchema, ...problems },
      },
    },
    async (request) =>
      decideCertificate(
        app.db,
        request.params.id,
        request.body.decision,
        currentUser(request).id,
        auditContextOf(request),
      ),
  );
};
