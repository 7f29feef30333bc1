// Original file: templates/v1/templates.proto

import type { StatusChange as _templates_v1_StatusChange, StatusChange__Output as _templates_v1_StatusChange__Output } from '../../templates/v1/StatusChange';

export interface Template {
  'id'?: (string);
  'name'?: (string);
  'language'?: (string);
  'category'?: (string);
  'requestedCategory'?: (string);
  'status'?: (string);
  'componentsJson'?: (string);
  'parameterFormat'?: (string);
  'folder'?: (string);
  'inboxCategory'?: (string);
  'providerTemplateId'?: (string);
  'rejectedReason'?: (string);
  'rejectionDetailsJson'?: (string);
  'qualityRating'?: (string);
  'hasHeaderMedia'?: (boolean);
  'nextEditAllowedAt'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'history'?: (_templates_v1_StatusChange)[];
  '_requestedCategory'?: "requestedCategory";
  '_folder'?: "folder";
  '_inboxCategory'?: "inboxCategory";
  '_providerTemplateId'?: "providerTemplateId";
  '_rejectedReason'?: "rejectedReason";
  '_rejectionDetailsJson'?: "rejectionDetailsJson";
  '_qualityRating'?: "qualityRating";
  '_nextEditAllowedAt'?: "nextEditAllowedAt";
}

export interface Template__Output {
  'id': (string);
  'name': (string);
  'language': (string);
  'category': (string);
  'requestedCategory'?: (string);
  'status': (string);
  'componentsJson': (string);
  'parameterFormat': (string);
  'folder'?: (string);
  'inboxCategory'?: (string);
  'providerTemplateId'?: (string);
  'rejectedReason'?: (string);
  'rejectionDetailsJson'?: (string);
  'qualityRating'?: (string);
  'hasHeaderMedia': (boolean);
  'nextEditAllowedAt'?: (string);
  'createdAt': (string);
  'updatedAt': (string);
  'history': (_templates_v1_StatusChange__Output)[];
  '_requestedCategory'?: "requestedCategory";
  '_folder'?: "folder";
  '_inboxCategory'?: "inboxCategory";
  '_providerTemplateId'?: "providerTemplateId";
  '_rejectedReason'?: "rejectedReason";
  '_rejectionDetailsJson'?: "rejectionDetailsJson";
  '_qualityRating'?: "qualityRating";
  '_nextEditAllowedAt'?: "nextEditAllowedAt";
}
