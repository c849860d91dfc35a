import { createHash } from 'node:crypto';

import { ValidationError } from '@grove/datasource-toolkit';
import express from 'express';

import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { checkBundleZip } from '../../hosting/bundle-zip';
import { hostedAgentCallerOf, requireHostedAgentCaller } from './hosted-agent-caller';

/** The content types of a zip (`application/zip`, and what some clients send for one). */
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/** Largest bundle: 413 above. */
export const MAX_BUNDLE_SIZE = 20 * 1024 * 1024;

/**
 * `POST /api/hosted-agent/bundle` (`Content-Type: application/zip`): stores a bundle of built
 * customizations for a later publish, `201 { bundleId }`. The raw body is read only after the
 * caller's checks, at most 20 MiB (413); 400 when it is not a zip holding
 * `nodejs/customization/index.js`.
 *
 * @example
 * ```ts
 * mountHostedBundle(router, context);
 * ```
 */
export const mountHostedBundle: PlatformRouteMounter = (router, context) => {
  router.post(
    '/api/hosted-agent/bundle',
    requireHostedAgentCaller(context, { hosted: true }),
    (req, _res, next) => {
      next(
        req.is(ZIP_TYPES)
          ? undefined
          : new ValidationError('The bundle must be sent as Content-Type: application/zip'),
      );
    },
    express.raw({ type: ZIP_TYPES, limit: MAX_BUNDLE_SIZE }),
    handle(async (req, res) => {
      const bytes: unknown = req.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
        throw new ValidationError('The bundle is empty');
      }
      checkBundleZip(bytes);
      const { environment, user } = hostedAgentCallerOf(res);
      const bundle = await context.db.models.HostedBundle.create({
        environmentId: environment.id,
        userId: user.id,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
        bytes,
        status: 'uploaded',
      });
      res.status(201).json({ bundleId: bundle.id });
    }),
  );
};
