// Original file: templates/v1/templates.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BulkResult as _templates_v1_BulkResult, BulkResult__Output as _templates_v1_BulkResult__Output } from '../../templates/v1/BulkResult';
import type { BulkTemplatesRequest as _templates_v1_BulkTemplatesRequest, BulkTemplatesRequest__Output as _templates_v1_BulkTemplatesRequest__Output } from '../../templates/v1/BulkTemplatesRequest';
import type { Empty as _templates_v1_Empty, Empty__Output as _templates_v1_Empty__Output } from '../../templates/v1/Empty';
import type { IdRequest as _templates_v1_IdRequest, IdRequest__Output as _templates_v1_IdRequest__Output } from '../../templates/v1/IdRequest';
import type { ListTemplatesRequest as _templates_v1_ListTemplatesRequest, ListTemplatesRequest__Output as _templates_v1_ListTemplatesRequest__Output } from '../../templates/v1/ListTemplatesRequest';
import type { PrepareSendsRequest as _templates_v1_PrepareSendsRequest, PrepareSendsRequest__Output as _templates_v1_PrepareSendsRequest__Output } from '../../templates/v1/PrepareSendsRequest';
import type { PreparedSends as _templates_v1_PreparedSends, PreparedSends__Output as _templates_v1_PreparedSends__Output } from '../../templates/v1/PreparedSends';
import type { SendTemplateRequest as _templates_v1_SendTemplateRequest, SendTemplateRequest__Output as _templates_v1_SendTemplateRequest__Output } from '../../templates/v1/SendTemplateRequest';
import type { SentTemplate as _templates_v1_SentTemplate, SentTemplate__Output as _templates_v1_SentTemplate__Output } from '../../templates/v1/SentTemplate';
import type { SetFolderRequest as _templates_v1_SetFolderRequest, SetFolderRequest__Output as _templates_v1_SetFolderRequest__Output } from '../../templates/v1/SetFolderRequest';
import type { SetInboxCategoryRequest as _templates_v1_SetInboxCategoryRequest, SetInboxCategoryRequest__Output as _templates_v1_SetInboxCategoryRequest__Output } from '../../templates/v1/SetInboxCategoryRequest';
import type { SyncResult as _templates_v1_SyncResult, SyncResult__Output as _templates_v1_SyncResult__Output } from '../../templates/v1/SyncResult';
import type { Template as _templates_v1_Template, Template__Output as _templates_v1_Template__Output } from '../../templates/v1/Template';
import type { TemplateInput as _templates_v1_TemplateInput, TemplateInput__Output as _templates_v1_TemplateInput__Output } from '../../templates/v1/TemplateInput';
import type { TemplatePage as _templates_v1_TemplatePage, TemplatePage__Output as _templates_v1_TemplatePage__Output } from '../../templates/v1/TemplatePage';
import type { UpdateTemplateRequest as _templates_v1_UpdateTemplateRequest, UpdateTemplateRequest__Output as _templates_v1_UpdateTemplateRequest__Output } from '../../templates/v1/UpdateTemplateRequest';

export interface TemplatesServiceClient extends grpc.Client {
  BulkTemplates(argument: _templates_v1_BulkTemplatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  BulkTemplates(argument: _templates_v1_BulkTemplatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  BulkTemplates(argument: _templates_v1_BulkTemplatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  BulkTemplates(argument: _templates_v1_BulkTemplatesRequest, callback: grpc.requestCallback<_templates_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkTemplates(argument: _templates_v1_BulkTemplatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkTemplates(argument: _templates_v1_BulkTemplatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkTemplates(argument: _templates_v1_BulkTemplatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkTemplates(argument: _templates_v1_BulkTemplatesRequest, callback: grpc.requestCallback<_templates_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  
  CreateDraft(argument: _templates_v1_TemplateInput, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  CreateDraft(argument: _templates_v1_TemplateInput, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  CreateDraft(argument: _templates_v1_TemplateInput, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  CreateDraft(argument: _templates_v1_TemplateInput, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  createDraft(argument: _templates_v1_TemplateInput, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  createDraft(argument: _templates_v1_TemplateInput, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  createDraft(argument: _templates_v1_TemplateInput, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  createDraft(argument: _templates_v1_TemplateInput, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  CreateTemplate(argument: _templates_v1_TemplateInput, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  CreateTemplate(argument: _templates_v1_TemplateInput, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  CreateTemplate(argument: _templates_v1_TemplateInput, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  CreateTemplate(argument: _templates_v1_TemplateInput, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  createTemplate(argument: _templates_v1_TemplateInput, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  createTemplate(argument: _templates_v1_TemplateInput, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  createTemplate(argument: _templates_v1_TemplateInput, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  createTemplate(argument: _templates_v1_TemplateInput, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  DeleteInProvider(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  DeleteInProvider(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  DeleteInProvider(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  DeleteInProvider(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  deleteInProvider(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  deleteInProvider(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  deleteInProvider(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  deleteInProvider(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  DuplicateTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  DuplicateTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  DuplicateTemplate(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  DuplicateTemplate(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  duplicateTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  duplicateTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  duplicateTemplate(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  duplicateTemplate(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  EditTemplate(argument: _templates_v1_UpdateTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  EditTemplate(argument: _templates_v1_UpdateTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  EditTemplate(argument: _templates_v1_UpdateTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  EditTemplate(argument: _templates_v1_UpdateTemplateRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  editTemplate(argument: _templates_v1_UpdateTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  editTemplate(argument: _templates_v1_UpdateTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  editTemplate(argument: _templates_v1_UpdateTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  editTemplate(argument: _templates_v1_UpdateTemplateRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  GetTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  GetTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  GetTemplate(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  GetTemplate(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  getTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  getTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  getTemplate(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  getTemplate(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  ListTemplates(argument: _templates_v1_ListTemplatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_TemplatePage__Output>): grpc.ClientUnaryCall;
  ListTemplates(argument: _templates_v1_ListTemplatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_TemplatePage__Output>): grpc.ClientUnaryCall;
  ListTemplates(argument: _templates_v1_ListTemplatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_TemplatePage__Output>): grpc.ClientUnaryCall;
  ListTemplates(argument: _templates_v1_ListTemplatesRequest, callback: grpc.requestCallback<_templates_v1_TemplatePage__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _templates_v1_ListTemplatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_TemplatePage__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _templates_v1_ListTemplatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_TemplatePage__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _templates_v1_ListTemplatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_TemplatePage__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _templates_v1_ListTemplatesRequest, callback: grpc.requestCallback<_templates_v1_TemplatePage__Output>): grpc.ClientUnaryCall;
  
  PrepareSends(argument: _templates_v1_PrepareSendsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_PreparedSends__Output>): grpc.ClientUnaryCall;
  PrepareSends(argument: _templates_v1_PrepareSendsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_PreparedSends__Output>): grpc.ClientUnaryCall;
  PrepareSends(argument: _templates_v1_PrepareSendsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_PreparedSends__Output>): grpc.ClientUnaryCall;
  PrepareSends(argument: _templates_v1_PrepareSendsRequest, callback: grpc.requestCallback<_templates_v1_PreparedSends__Output>): grpc.ClientUnaryCall;
  prepareSends(argument: _templates_v1_PrepareSendsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_PreparedSends__Output>): grpc.ClientUnaryCall;
  prepareSends(argument: _templates_v1_PrepareSendsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_PreparedSends__Output>): grpc.ClientUnaryCall;
  prepareSends(argument: _templates_v1_PrepareSendsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_PreparedSends__Output>): grpc.ClientUnaryCall;
  prepareSends(argument: _templates_v1_PrepareSendsRequest, callback: grpc.requestCallback<_templates_v1_PreparedSends__Output>): grpc.ClientUnaryCall;
  
  RemoveTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  RemoveTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  RemoveTemplate(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  RemoveTemplate(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  removeTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  removeTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  removeTemplate(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  removeTemplate(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  SendTemplate(argument: _templates_v1_SendTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_SentTemplate__Output>): grpc.ClientUnaryCall;
  SendTemplate(argument: _templates_v1_SendTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_SentTemplate__Output>): grpc.ClientUnaryCall;
  SendTemplate(argument: _templates_v1_SendTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_SentTemplate__Output>): grpc.ClientUnaryCall;
  SendTemplate(argument: _templates_v1_SendTemplateRequest, callback: grpc.requestCallback<_templates_v1_SentTemplate__Output>): grpc.ClientUnaryCall;
  sendTemplate(argument: _templates_v1_SendTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_SentTemplate__Output>): grpc.ClientUnaryCall;
  sendTemplate(argument: _templates_v1_SendTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_SentTemplate__Output>): grpc.ClientUnaryCall;
  sendTemplate(argument: _templates_v1_SendTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_SentTemplate__Output>): grpc.ClientUnaryCall;
  sendTemplate(argument: _templates_v1_SendTemplateRequest, callback: grpc.requestCallback<_templates_v1_SentTemplate__Output>): grpc.ClientUnaryCall;
  
  SetFolder(argument: _templates_v1_SetFolderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  SetFolder(argument: _templates_v1_SetFolderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  SetFolder(argument: _templates_v1_SetFolderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  SetFolder(argument: _templates_v1_SetFolderRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  setFolder(argument: _templates_v1_SetFolderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  setFolder(argument: _templates_v1_SetFolderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  setFolder(argument: _templates_v1_SetFolderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  setFolder(argument: _templates_v1_SetFolderRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  SetInboxCategory(argument: _templates_v1_SetInboxCategoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  SetInboxCategory(argument: _templates_v1_SetInboxCategoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  SetInboxCategory(argument: _templates_v1_SetInboxCategoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  SetInboxCategory(argument: _templates_v1_SetInboxCategoryRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  setInboxCategory(argument: _templates_v1_SetInboxCategoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  setInboxCategory(argument: _templates_v1_SetInboxCategoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  setInboxCategory(argument: _templates_v1_SetInboxCategoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  setInboxCategory(argument: _templates_v1_SetInboxCategoryRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  SubmitTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  SubmitTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  SubmitTemplate(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  SubmitTemplate(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  submitTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  submitTemplate(argument: _templates_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  submitTemplate(argument: _templates_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  submitTemplate(argument: _templates_v1_IdRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
  SyncTemplates(argument: _templates_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_SyncResult__Output>): grpc.ClientUnaryCall;
  SyncTemplates(argument: _templates_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_SyncResult__Output>): grpc.ClientUnaryCall;
  SyncTemplates(argument: _templates_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_SyncResult__Output>): grpc.ClientUnaryCall;
  SyncTemplates(argument: _templates_v1_Empty, callback: grpc.requestCallback<_templates_v1_SyncResult__Output>): grpc.ClientUnaryCall;
  syncTemplates(argument: _templates_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_SyncResult__Output>): grpc.ClientUnaryCall;
  syncTemplates(argument: _templates_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_SyncResult__Output>): grpc.ClientUnaryCall;
  syncTemplates(argument: _templates_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_SyncResult__Output>): grpc.ClientUnaryCall;
  syncTemplates(argument: _templates_v1_Empty, callback: grpc.requestCallback<_templates_v1_SyncResult__Output>): grpc.ClientUnaryCall;
  
  UpdateDraft(argument: _templates_v1_UpdateTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  UpdateDraft(argument: _templates_v1_UpdateTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  UpdateDraft(argument: _templates_v1_UpdateTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  UpdateDraft(argument: _templates_v1_UpdateTemplateRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  updateDraft(argument: _templates_v1_UpdateTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  updateDraft(argument: _templates_v1_UpdateTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  updateDraft(argument: _templates_v1_UpdateTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  updateDraft(argument: _templates_v1_UpdateTemplateRequest, callback: grpc.requestCallback<_templates_v1_Template__Output>): grpc.ClientUnaryCall;
  
}

export interface TemplatesServiceHandlers extends grpc.UntypedServiceImplementation {
  BulkTemplates: grpc.handleUnaryCall<_templates_v1_BulkTemplatesRequest__Output, _templates_v1_BulkResult>;
  
  CreateDraft: grpc.handleUnaryCall<_templates_v1_TemplateInput__Output, _templates_v1_Template>;
  
  CreateTemplate: grpc.handleUnaryCall<_templates_v1_TemplateInput__Output, _templates_v1_Template>;
  
  DeleteInProvider: grpc.handleUnaryCall<_templates_v1_IdRequest__Output, _templates_v1_Template>;
  
  DuplicateTemplate: grpc.handleUnaryCall<_templates_v1_IdRequest__Output, _templates_v1_Template>;
  
  EditTemplate: grpc.handleUnaryCall<_templates_v1_UpdateTemplateRequest__Output, _templates_v1_Template>;
  
  GetTemplate: grpc.handleUnaryCall<_templates_v1_IdRequest__Output, _templates_v1_Template>;
  
  ListTemplates: grpc.handleUnaryCall<_templates_v1_ListTemplatesRequest__Output, _templates_v1_TemplatePage>;
  
  PrepareSends: grpc.handleUnaryCall<_templates_v1_PrepareSendsRequest__Output, _templates_v1_PreparedSends>;
  
  RemoveTemplate: grpc.handleUnaryCall<_templates_v1_IdRequest__Output, _templates_v1_Template>;
  
  SendTemplate: grpc.handleUnaryCall<_templates_v1_SendTemplateRequest__Output, _templates_v1_SentTemplate>;
  
  SetFolder: grpc.handleUnaryCall<_templates_v1_SetFolderRequest__Output, _templates_v1_Template>;
  
  SetInboxCategory: grpc.handleUnaryCall<_templates_v1_SetInboxCategoryRequest__Output, _templates_v1_Template>;
  
  SubmitTemplate: grpc.handleUnaryCall<_templates_v1_IdRequest__Output, _templates_v1_Template>;
  
  SyncTemplates: grpc.handleUnaryCall<_templates_v1_Empty__Output, _templates_v1_SyncResult>;
  
  UpdateDraft: grpc.handleUnaryCall<_templates_v1_UpdateTemplateRequest__Output, _templates_v1_Template>;
  
}

export interface TemplatesServiceDefinition extends grpc.ServiceDefinition {
  BulkTemplates: MethodDefinition<_templates_v1_BulkTemplatesRequest, _templates_v1_BulkResult, _templates_v1_BulkTemplatesRequest__Output, _templates_v1_BulkResult__Output>
  CreateDraft: MethodDefinition<_templates_v1_TemplateInput, _templates_v1_Template, _templates_v1_TemplateInput__Output, _templates_v1_Template__Output>
  CreateTemplate: MethodDefinition<_templates_v1_TemplateInput, _templates_v1_Template, _templates_v1_TemplateInput__Output, _templates_v1_Template__Output>
  DeleteInProvider: MethodDefinition<_templates_v1_IdRequest, _templates_v1_Template, _templates_v1_IdRequest__Output, _templates_v1_Template__Output>
  DuplicateTemplate: MethodDefinition<_templates_v1_IdRequest, _templates_v1_Template, _templates_v1_IdRequest__Output, _templates_v1_Template__Output>
  EditTemplate: MethodDefinition<_templates_v1_UpdateTemplateRequest, _templates_v1_Template, _templates_v1_UpdateTemplateRequest__Output, _templates_v1_Template__Output>
  GetTemplate: MethodDefinition<_templates_v1_IdRequest, _templates_v1_Template, _templates_v1_IdRequest__Output, _templates_v1_Template__Output>
  ListTemplates: MethodDefinition<_templates_v1_ListTemplatesRequest, _templates_v1_TemplatePage, _templates_v1_ListTemplatesRequest__Output, _templates_v1_TemplatePage__Output>
  PrepareSends: MethodDefinition<_templates_v1_PrepareSendsRequest, _templates_v1_PreparedSends, _templates_v1_PrepareSendsRequest__Output, _templates_v1_PreparedSends__Output>
  RemoveTemplate: MethodDefinition<_templates_v1_IdRequest, _templates_v1_Template, _templates_v1_IdRequest__Output, _templates_v1_Template__Output>
  SendTemplate: MethodDefinition<_templates_v1_SendTemplateRequest, _templates_v1_SentTemplate, _templates_v1_SendTemplateRequest__Output, _templates_v1_SentTemplate__Output>
  SetFolder: MethodDefinition<_templates_v1_SetFolderRequest, _templates_v1_Template, _templates_v1_SetFolderRequest__Output, _templates_v1_Template__Output>
  SetInboxCategory: MethodDefinition<_templates_v1_SetInboxCategoryRequest, _templates_v1_Template, _templates_v1_SetInboxCategoryRequest__Output, _templates_v1_Template__Output>
  SubmitTemplate: MethodDefinition<_templates_v1_IdRequest, _templates_v1_Template, _templates_v1_IdRequest__Output, _templates_v1_Template__Output>
  SyncTemplates: MethodDefinition<_templates_v1_Empty, _templates_v1_SyncResult, _templates_v1_Empty__Output, _templates_v1_SyncResult__Output>
  UpdateDraft: MethodDefinition<_templates_v1_UpdateTemplateRequest, _templates_v1_Template, _templates_v1_UpdateTemplateRequest__Output, _templates_v1_Template__Output>
}
