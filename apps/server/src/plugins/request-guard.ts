import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BAD_TEXT_MESSAGE, FORM_ERROR_MESSAGE, TOO_DEEP_MESSAGE } from '@loci/domain';
import { fail } from '../lib/errors.js';
import { findRequestTextProblem } from '../lib/request-text.js';

/**
 * Refuses, before any route's validation, a request whose path parameters, query or JSON body hold text
 * no column can store (NUL, a lone surrogate: PostgreSQL fails on them) or nest deeper than any form:
 * one 400 with the field named, instead of each route finding out in its database statement.
 */
export const requestGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findRequestTextProblem(part, '');
      if (found) {
        throw fail.validation(
          { [found.path]: found.problem === 'bad-text' ? BAD_TEXT_MESSAGE : TOO_DEEP_MESSAGE },
          FORM_ERROR_MESSAGE,
        );
      }
    }
  });
});
