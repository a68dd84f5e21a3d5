import { PAGINATION_HEADERS } from '@app/contract/constants';
import type { FastifyReply } from 'fastify';

export interface Page {
  page: number;
  perPage: number;
}

export const offsetOf = (p: Page) => (p.page - 1) * p.perPage;

/** Sets the x-pagination-* headers of ARCHITECTURE.md. */
export function setPageHeaders(reply: FastifyReply, p: Page, total: number): void {
  reply.header(PAGINATION_HEADERS.pageCount, Math.max(1, Math.ceil(total / p.perPage)));
  reply.header(PAGINATION_HEADERS.totalCount, total);
  reply.header(PAGINATION_HEADERS.currentPage, p.page);
  reply.header(PAGINATION_HEADERS.perPage, p.perPage);
}
