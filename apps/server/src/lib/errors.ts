import type { FieldError } from '@app/contract/schemas/common';

/** An error with an HTTP status whose message is an i18n key, translated on the way out. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
  ) {
    super(key);
  }
}

/** 422 with field messages (i18n keys); field `_popup` is for the whole form. */
export class ValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly fields: FieldError[]) {
    super('validation');
  }
}

export const notFound = () => new HttpError(404, 'common.errors.notFound');
export const unauthorized = () => new HttpError(401, 'common.errors.unauthorized');
export const fieldError = (field: string, key: string) => new ValidationError([{ field, message: key }]);
