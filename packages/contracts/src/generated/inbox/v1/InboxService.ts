// Original file: inbox/v1/inbox.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AssignRequest as _inbox_v1_AssignRequest, AssignRequest__Output as _inbox_v1_AssignRequest__Output } from '../../inbox/v1/AssignRequest';
import type { BotDocument as _inbox_v1_BotDocument, BotDocument__Output as _inbox_v1_BotDocument__Output } from '../../inbox/v1/BotDocument';
import type { BulkRequest as _inbox_v1_BulkRequest, BulkRequest__Output as _inbox_v1_BulkRequest__Output } from '../../inbox/v1/BulkRequest';
import type { BulkResult as _inbox_v1_BulkResult, BulkResult__Output as _inbox_v1_BulkResult__Output } from '../../inbox/v1/BulkResult';
import type { CategoryCountList as _inbox_v1_CategoryCountList, CategoryCountList__Output as _inbox_v1_CategoryCountList__Output } from '../../inbox/v1/CategoryCountList';
import type { CategoryList as _inbox_v1_CategoryList, CategoryList__Output as _inbox_v1_CategoryList__Output } from '../../inbox/v1/CategoryList';
import type { ChannelAccess as _inbox_v1_ChannelAccess, ChannelAccess__Output as _inbox_v1_ChannelAccess__Output } from '../../inbox/v1/ChannelAccess';
import type { ChannelAccessRequest as _inbox_v1_ChannelAccessRequest, ChannelAccessRequest__Output as _inbox_v1_ChannelAccessRequest__Output } from '../../inbox/v1/ChannelAccessRequest';
import type { ChannelPage as _inbox_v1_ChannelPage, ChannelPage__Output as _inbox_v1_ChannelPage__Output } from '../../inbox/v1/ChannelPage';
import type { Classification as _inbox_v1_Classification, Classification__Output as _inbox_v1_Classification__Output } from '../../inbox/v1/Classification';
import type { Contact as _inbox_v1_Contact, Contact__Output as _inbox_v1_Contact__Output } from '../../inbox/v1/Contact';
import type { ContactHistory as _inbox_v1_ContactHistory, ContactHistory__Output as _inbox_v1_ContactHistory__Output } from '../../inbox/v1/ContactHistory';
import type { ContactPage as _inbox_v1_ContactPage, ContactPage__Output as _inbox_v1_ContactPage__Output } from '../../inbox/v1/ContactPage';
import type { Conversation as _inbox_v1_Conversation, Conversation__Output as _inbox_v1_Conversation__Output } from '../../inbox/v1/Conversation';
import type { ConversationCounts as _inbox_v1_ConversationCounts, ConversationCounts__Output as _inbox_v1_ConversationCounts__Output } from '../../inbox/v1/ConversationCounts';
import type { ConversationFilter as _inbox_v1_ConversationFilter, ConversationFilter__Output as _inbox_v1_ConversationFilter__Output } from '../../inbox/v1/ConversationFilter';
import type { ConversationPage as _inbox_v1_ConversationPage, ConversationPage__Output as _inbox_v1_ConversationPage__Output } from '../../inbox/v1/ConversationPage';
import type { ConversationSummaryList as _inbox_v1_ConversationSummaryList, ConversationSummaryList__Output as _inbox_v1_ConversationSummaryList__Output } from '../../inbox/v1/ConversationSummaryList';
import type { ConversationTagRequest as _inbox_v1_ConversationTagRequest, ConversationTagRequest__Output as _inbox_v1_ConversationTagRequest__Output } from '../../inbox/v1/ConversationTagRequest';
import type { CreateQuickReplyRequest as _inbox_v1_CreateQuickReplyRequest, CreateQuickReplyRequest__Output as _inbox_v1_CreateQuickReplyRequest__Output } from '../../inbox/v1/CreateQuickReplyRequest';
import type { Empty as _inbox_v1_Empty, Empty__Output as _inbox_v1_Empty__Output } from '../../inbox/v1/Empty';
import type { FollowUpRequest as _inbox_v1_FollowUpRequest, FollowUpRequest__Output as _inbox_v1_FollowUpRequest__Output } from '../../inbox/v1/FollowUpRequest';
import type { HandoffSummary as _inbox_v1_HandoffSummary, HandoffSummary__Output as _inbox_v1_HandoffSummary__Output } from '../../inbox/v1/HandoffSummary';
import type { HistoryPage as _history_v1_HistoryPage, HistoryPage__Output as _history_v1_HistoryPage__Output } from '../../history/v1/HistoryPage';
import type { HistoryRequest as _history_v1_HistoryRequest, HistoryRequest__Output as _history_v1_HistoryRequest__Output } from '../../history/v1/HistoryRequest';
import type { IdRequest as _inbox_v1_IdRequest, IdRequest__Output as _inbox_v1_IdRequest__Output } from '../../inbox/v1/IdRequest';
import type { Job as _inbox_v1_Job, Job__Output as _inbox_v1_Job__Output } from '../../inbox/v1/Job';
import type { ListChannelsRequest as _inbox_v1_ListChannelsRequest, ListChannelsRequest__Output as _inbox_v1_ListChannelsRequest__Output } from '../../inbox/v1/ListChannelsRequest';
import type { ListContactsRequest as _inbox_v1_ListContactsRequest, ListContactsRequest__Output as _inbox_v1_ListContactsRequest__Output } from '../../inbox/v1/ListContactsRequest';
import type { ListConversationsRequest as _inbox_v1_ListConversationsRequest, ListConversationsRequest__Output as _inbox_v1_ListConversationsRequest__Output } from '../../inbox/v1/ListConversationsRequest';
import type { ListMessagesRequest as _inbox_v1_ListMessagesRequest, ListMessagesRequest__Output as _inbox_v1_ListMessagesRequest__Output } from '../../inbox/v1/ListMessagesRequest';
import type { ListQuickRepliesRequest as _inbox_v1_ListQuickRepliesRequest, ListQuickRepliesRequest__Output as _inbox_v1_ListQuickRepliesRequest__Output } from '../../inbox/v1/ListQuickRepliesRequest';
import type { MergeCategoriesRequest as _inbox_v1_MergeCategoriesRequest, MergeCategoriesRequest__Output as _inbox_v1_MergeCategoriesRequest__Output } from '../../inbox/v1/MergeCategoriesRequest';
import type { MergeCategoriesResult as _inbox_v1_MergeCategoriesResult, MergeCategoriesResult__Output as _inbox_v1_MergeCategoriesResult__Output } from '../../inbox/v1/MergeCategoriesResult';
import type { Message as _inbox_v1_Message, Message__Output as _inbox_v1_Message__Output } from '../../inbox/v1/Message';
import type { MessagePage as _inbox_v1_MessagePage, MessagePage__Output as _inbox_v1_MessagePage__Output } from '../../inbox/v1/MessagePage';
import type { PutBotDocumentRequest as _inbox_v1_PutBotDocumentRequest, PutBotDocumentRequest__Output as _inbox_v1_PutBotDocumentRequest__Output } from '../../inbox/v1/PutBotDocumentRequest';
import type { PutWhatsAppSettingsRequest as _inbox_v1_PutWhatsAppSettingsRequest, PutWhatsAppSettingsRequest__Output as _inbox_v1_PutWhatsAppSettingsRequest__Output } from '../../inbox/v1/PutWhatsAppSettingsRequest';
import type { QuickReply as _inbox_v1_QuickReply, QuickReply__Output as _inbox_v1_QuickReply__Output } from '../../inbox/v1/QuickReply';
import type { QuickReplyList as _inbox_v1_QuickReplyList, QuickReplyList__Output as _inbox_v1_QuickReplyList__Output } from '../../inbox/v1/QuickReplyList';
import type { ReactRequest as _inbox_v1_ReactRequest, ReactRequest__Output as _inbox_v1_ReactRequest__Output } from '../../inbox/v1/ReactRequest';
import type { ReopenStatus as _inbox_v1_ReopenStatus, ReopenStatus__Output as _inbox_v1_ReopenStatus__Output } from '../../inbox/v1/ReopenStatus';
import type { ReturnToBotRequest as _inbox_v1_ReturnToBotRequest, ReturnToBotRequest__Output as _inbox_v1_ReturnToBotRequest__Output } from '../../inbox/v1/ReturnToBotRequest';
import type { RouteResult as _inbox_v1_RouteResult, RouteResult__Output as _inbox_v1_RouteResult__Output } from '../../inbox/v1/RouteResult';
import type { SendMessageRequest as _inbox_v1_SendMessageRequest, SendMessageRequest__Output as _inbox_v1_SendMessageRequest__Output } from '../../inbox/v1/SendMessageRequest';
import type { SendTemplateMessageRequest as _inbox_v1_SendTemplateMessageRequest, SendTemplateMessageRequest__Output as _inbox_v1_SendTemplateMessageRequest__Output } from '../../inbox/v1/SendTemplateMessageRequest';
import type { StartReclassifyJobRequest as _inbox_v1_StartReclassifyJobRequest, StartReclassifyJobRequest__Output as _inbox_v1_StartReclassifyJobRequest__Output } from '../../inbox/v1/StartReclassifyJobRequest';
import type { TemplateMessageSent as _inbox_v1_TemplateMessageSent, TemplateMessageSent__Output as _inbox_v1_TemplateMessageSent__Output } from '../../inbox/v1/TemplateMessageSent';
import type { UpdateContactRequest as _inbox_v1_UpdateContactRequest, UpdateContactRequest__Output as _inbox_v1_UpdateContactRequest__Output } from '../../inbox/v1/UpdateContactRequest';
import type { UpdateConversationRequest as _inbox_v1_UpdateConversationRequest, UpdateConversationRequest__Output as _inbox_v1_UpdateConversationRequest__Output } from '../../inbox/v1/UpdateConversationRequest';
import type { UpdateQuickReplyRequest as _inbox_v1_UpdateQuickReplyRequest, UpdateQuickReplyRequest__Output as _inbox_v1_UpdateQuickReplyRequest__Output } from '../../inbox/v1/UpdateQuickReplyRequest';
import type { WaIdRequest as _inbox_v1_WaIdRequest, WaIdRequest__Output as _inbox_v1_WaIdRequest__Output } from '../../inbox/v1/WaIdRequest';
import type { WhatsAppSettings as _inbox_v1_WhatsAppSettings, WhatsAppSettings__Output as _inbox_v1_WhatsAppSettings__Output } from '../../inbox/v1/WhatsAppSettings';

export interface InboxServiceClient extends grpc.Client {
  AddConversationTag(argument: _inbox_v1_ConversationTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  AddConversationTag(argument: _inbox_v1_ConversationTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  AddConversationTag(argument: _inbox_v1_ConversationTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  AddConversationTag(argument: _inbox_v1_ConversationTagRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  addConversationTag(argument: _inbox_v1_ConversationTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  addConversationTag(argument: _inbox_v1_ConversationTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  addConversationTag(argument: _inbox_v1_ConversationTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  addConversationTag(argument: _inbox_v1_ConversationTagRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  Assign(argument: _inbox_v1_AssignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Assign(argument: _inbox_v1_AssignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Assign(argument: _inbox_v1_AssignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Assign(argument: _inbox_v1_AssignRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  assign(argument: _inbox_v1_AssignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  assign(argument: _inbox_v1_AssignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  assign(argument: _inbox_v1_AssignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  assign(argument: _inbox_v1_AssignRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  BulkQuickReplies(argument: _inbox_v1_BulkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  BulkQuickReplies(argument: _inbox_v1_BulkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  BulkQuickReplies(argument: _inbox_v1_BulkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  BulkQuickReplies(argument: _inbox_v1_BulkRequest, callback: grpc.requestCallback<_inbox_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkQuickReplies(argument: _inbox_v1_BulkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkQuickReplies(argument: _inbox_v1_BulkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkQuickReplies(argument: _inbox_v1_BulkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkQuickReplies(argument: _inbox_v1_BulkRequest, callback: grpc.requestCallback<_inbox_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  
  ClearFollowUp(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  ClearFollowUp(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  ClearFollowUp(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  ClearFollowUp(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  clearFollowUp(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  clearFollowUp(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  clearFollowUp(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  clearFollowUp(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  CountCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_CategoryCountList__Output>): grpc.ClientUnaryCall;
  CountCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_CategoryCountList__Output>): grpc.ClientUnaryCall;
  CountCategories(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_CategoryCountList__Output>): grpc.ClientUnaryCall;
  CountCategories(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_CategoryCountList__Output>): grpc.ClientUnaryCall;
  countCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_CategoryCountList__Output>): grpc.ClientUnaryCall;
  countCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_CategoryCountList__Output>): grpc.ClientUnaryCall;
  countCategories(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_CategoryCountList__Output>): grpc.ClientUnaryCall;
  countCategories(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_CategoryCountList__Output>): grpc.ClientUnaryCall;
  
  CountConversations(argument: _inbox_v1_ConversationFilter, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationCounts__Output>): grpc.ClientUnaryCall;
  CountConversations(argument: _inbox_v1_ConversationFilter, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ConversationCounts__Output>): grpc.ClientUnaryCall;
  CountConversations(argument: _inbox_v1_ConversationFilter, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationCounts__Output>): grpc.ClientUnaryCall;
  CountConversations(argument: _inbox_v1_ConversationFilter, callback: grpc.requestCallback<_inbox_v1_ConversationCounts__Output>): grpc.ClientUnaryCall;
  countConversations(argument: _inbox_v1_ConversationFilter, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationCounts__Output>): grpc.ClientUnaryCall;
  countConversations(argument: _inbox_v1_ConversationFilter, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ConversationCounts__Output>): grpc.ClientUnaryCall;
  countConversations(argument: _inbox_v1_ConversationFilter, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationCounts__Output>): grpc.ClientUnaryCall;
  countConversations(argument: _inbox_v1_ConversationFilter, callback: grpc.requestCallback<_inbox_v1_ConversationCounts__Output>): grpc.ClientUnaryCall;
  
  CreateQuickReply(argument: _inbox_v1_CreateQuickReplyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  CreateQuickReply(argument: _inbox_v1_CreateQuickReplyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  CreateQuickReply(argument: _inbox_v1_CreateQuickReplyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  CreateQuickReply(argument: _inbox_v1_CreateQuickReplyRequest, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  createQuickReply(argument: _inbox_v1_CreateQuickReplyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  createQuickReply(argument: _inbox_v1_CreateQuickReplyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  createQuickReply(argument: _inbox_v1_CreateQuickReplyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  createQuickReply(argument: _inbox_v1_CreateQuickReplyRequest, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  
  DeleteQuickReply(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteQuickReply(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteQuickReply(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteQuickReply(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteQuickReply(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteQuickReply(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteQuickReply(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteQuickReply(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ExportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  ExportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  ExportHistory(argument: _history_v1_HistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  ExportHistory(argument: _history_v1_HistoryRequest, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  
  GenerateHandoffSummary(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_HandoffSummary__Output>): grpc.ClientUnaryCall;
  GenerateHandoffSummary(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_HandoffSummary__Output>): grpc.ClientUnaryCall;
  GenerateHandoffSummary(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_HandoffSummary__Output>): grpc.ClientUnaryCall;
  GenerateHandoffSummary(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_HandoffSummary__Output>): grpc.ClientUnaryCall;
  generateHandoffSummary(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_HandoffSummary__Output>): grpc.ClientUnaryCall;
  generateHandoffSummary(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_HandoffSummary__Output>): grpc.ClientUnaryCall;
  generateHandoffSummary(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_HandoffSummary__Output>): grpc.ClientUnaryCall;
  generateHandoffSummary(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_HandoffSummary__Output>): grpc.ClientUnaryCall;
  
  GetBotCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  GetBotCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  GetBotCategories(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  GetBotCategories(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getBotCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getBotCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getBotCategories(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getBotCategories(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  
  GetBotSettings(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  GetBotSettings(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  GetBotSettings(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  GetBotSettings(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getBotSettings(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getBotSettings(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getBotSettings(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getBotSettings(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  
  GetChannelAccess(argument: _inbox_v1_ChannelAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ChannelAccess__Output>): grpc.ClientUnaryCall;
  GetChannelAccess(argument: _inbox_v1_ChannelAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ChannelAccess__Output>): grpc.ClientUnaryCall;
  GetChannelAccess(argument: _inbox_v1_ChannelAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ChannelAccess__Output>): grpc.ClientUnaryCall;
  GetChannelAccess(argument: _inbox_v1_ChannelAccessRequest, callback: grpc.requestCallback<_inbox_v1_ChannelAccess__Output>): grpc.ClientUnaryCall;
  getChannelAccess(argument: _inbox_v1_ChannelAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ChannelAccess__Output>): grpc.ClientUnaryCall;
  getChannelAccess(argument: _inbox_v1_ChannelAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ChannelAccess__Output>): grpc.ClientUnaryCall;
  getChannelAccess(argument: _inbox_v1_ChannelAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ChannelAccess__Output>): grpc.ClientUnaryCall;
  getChannelAccess(argument: _inbox_v1_ChannelAccessRequest, callback: grpc.requestCallback<_inbox_v1_ChannelAccess__Output>): grpc.ClientUnaryCall;
  
  GetContact(argument: _inbox_v1_WaIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  GetContact(argument: _inbox_v1_WaIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  GetContact(argument: _inbox_v1_WaIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  GetContact(argument: _inbox_v1_WaIdRequest, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  getContact(argument: _inbox_v1_WaIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  getContact(argument: _inbox_v1_WaIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  getContact(argument: _inbox_v1_WaIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  getContact(argument: _inbox_v1_WaIdRequest, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  
  GetContactHistory(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ContactHistory__Output>): grpc.ClientUnaryCall;
  GetContactHistory(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ContactHistory__Output>): grpc.ClientUnaryCall;
  GetContactHistory(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ContactHistory__Output>): grpc.ClientUnaryCall;
  GetContactHistory(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_ContactHistory__Output>): grpc.ClientUnaryCall;
  getContactHistory(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ContactHistory__Output>): grpc.ClientUnaryCall;
  getContactHistory(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ContactHistory__Output>): grpc.ClientUnaryCall;
  getContactHistory(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ContactHistory__Output>): grpc.ClientUnaryCall;
  getContactHistory(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_ContactHistory__Output>): grpc.ClientUnaryCall;
  
  GetConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  GetConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  GetConversation(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  GetConversation(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  getConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  getConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  getConversation(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  getConversation(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  GetJob(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  getJob(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  getJob(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  getJob(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  getJob(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  
  GetReopenStatus(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ReopenStatus__Output>): grpc.ClientUnaryCall;
  GetReopenStatus(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ReopenStatus__Output>): grpc.ClientUnaryCall;
  GetReopenStatus(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ReopenStatus__Output>): grpc.ClientUnaryCall;
  GetReopenStatus(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_ReopenStatus__Output>): grpc.ClientUnaryCall;
  getReopenStatus(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ReopenStatus__Output>): grpc.ClientUnaryCall;
  getReopenStatus(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ReopenStatus__Output>): grpc.ClientUnaryCall;
  getReopenStatus(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ReopenStatus__Output>): grpc.ClientUnaryCall;
  getReopenStatus(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_ReopenStatus__Output>): grpc.ClientUnaryCall;
  
  GetRoutingRules(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  GetRoutingRules(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  GetRoutingRules(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  GetRoutingRules(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getRoutingRules(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getRoutingRules(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getRoutingRules(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  getRoutingRules(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  
  GetTimeline(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationSummaryList__Output>): grpc.ClientUnaryCall;
  GetTimeline(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ConversationSummaryList__Output>): grpc.ClientUnaryCall;
  GetTimeline(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationSummaryList__Output>): grpc.ClientUnaryCall;
  GetTimeline(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_ConversationSummaryList__Output>): grpc.ClientUnaryCall;
  getTimeline(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationSummaryList__Output>): grpc.ClientUnaryCall;
  getTimeline(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ConversationSummaryList__Output>): grpc.ClientUnaryCall;
  getTimeline(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationSummaryList__Output>): grpc.ClientUnaryCall;
  getTimeline(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_ConversationSummaryList__Output>): grpc.ClientUnaryCall;
  
  GetWhatsAppSettings(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  GetWhatsAppSettings(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  GetWhatsAppSettings(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  GetWhatsAppSettings(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  getWhatsAppSettings(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  getWhatsAppSettings(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  getWhatsAppSettings(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  getWhatsAppSettings(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  
  ListCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_CategoryList__Output>): grpc.ClientUnaryCall;
  ListCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_CategoryList__Output>): grpc.ClientUnaryCall;
  ListCategories(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_CategoryList__Output>): grpc.ClientUnaryCall;
  ListCategories(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_CategoryList__Output>): grpc.ClientUnaryCall;
  listCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_CategoryList__Output>): grpc.ClientUnaryCall;
  listCategories(argument: _inbox_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_CategoryList__Output>): grpc.ClientUnaryCall;
  listCategories(argument: _inbox_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_CategoryList__Output>): grpc.ClientUnaryCall;
  listCategories(argument: _inbox_v1_Empty, callback: grpc.requestCallback<_inbox_v1_CategoryList__Output>): grpc.ClientUnaryCall;
  
  ListChannels(argument: _inbox_v1_ListChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ChannelPage__Output>): grpc.ClientUnaryCall;
  ListChannels(argument: _inbox_v1_ListChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ChannelPage__Output>): grpc.ClientUnaryCall;
  ListChannels(argument: _inbox_v1_ListChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ChannelPage__Output>): grpc.ClientUnaryCall;
  ListChannels(argument: _inbox_v1_ListChannelsRequest, callback: grpc.requestCallback<_inbox_v1_ChannelPage__Output>): grpc.ClientUnaryCall;
  listChannels(argument: _inbox_v1_ListChannelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ChannelPage__Output>): grpc.ClientUnaryCall;
  listChannels(argument: _inbox_v1_ListChannelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ChannelPage__Output>): grpc.ClientUnaryCall;
  listChannels(argument: _inbox_v1_ListChannelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ChannelPage__Output>): grpc.ClientUnaryCall;
  listChannels(argument: _inbox_v1_ListChannelsRequest, callback: grpc.requestCallback<_inbox_v1_ChannelPage__Output>): grpc.ClientUnaryCall;
  
  ListContacts(argument: _inbox_v1_ListContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ContactPage__Output>): grpc.ClientUnaryCall;
  ListContacts(argument: _inbox_v1_ListContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ContactPage__Output>): grpc.ClientUnaryCall;
  ListContacts(argument: _inbox_v1_ListContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ContactPage__Output>): grpc.ClientUnaryCall;
  ListContacts(argument: _inbox_v1_ListContactsRequest, callback: grpc.requestCallback<_inbox_v1_ContactPage__Output>): grpc.ClientUnaryCall;
  listContacts(argument: _inbox_v1_ListContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ContactPage__Output>): grpc.ClientUnaryCall;
  listContacts(argument: _inbox_v1_ListContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ContactPage__Output>): grpc.ClientUnaryCall;
  listContacts(argument: _inbox_v1_ListContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ContactPage__Output>): grpc.ClientUnaryCall;
  listContacts(argument: _inbox_v1_ListContactsRequest, callback: grpc.requestCallback<_inbox_v1_ContactPage__Output>): grpc.ClientUnaryCall;
  
  ListConversations(argument: _inbox_v1_ListConversationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationPage__Output>): grpc.ClientUnaryCall;
  ListConversations(argument: _inbox_v1_ListConversationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ConversationPage__Output>): grpc.ClientUnaryCall;
  ListConversations(argument: _inbox_v1_ListConversationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationPage__Output>): grpc.ClientUnaryCall;
  ListConversations(argument: _inbox_v1_ListConversationsRequest, callback: grpc.requestCallback<_inbox_v1_ConversationPage__Output>): grpc.ClientUnaryCall;
  listConversations(argument: _inbox_v1_ListConversationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationPage__Output>): grpc.ClientUnaryCall;
  listConversations(argument: _inbox_v1_ListConversationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_ConversationPage__Output>): grpc.ClientUnaryCall;
  listConversations(argument: _inbox_v1_ListConversationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_ConversationPage__Output>): grpc.ClientUnaryCall;
  listConversations(argument: _inbox_v1_ListConversationsRequest, callback: grpc.requestCallback<_inbox_v1_ConversationPage__Output>): grpc.ClientUnaryCall;
  
  ListMessages(argument: _inbox_v1_ListMessagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_MessagePage__Output>): grpc.ClientUnaryCall;
  ListMessages(argument: _inbox_v1_ListMessagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_MessagePage__Output>): grpc.ClientUnaryCall;
  ListMessages(argument: _inbox_v1_ListMessagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_MessagePage__Output>): grpc.ClientUnaryCall;
  ListMessages(argument: _inbox_v1_ListMessagesRequest, callback: grpc.requestCallback<_inbox_v1_MessagePage__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _inbox_v1_ListMessagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_MessagePage__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _inbox_v1_ListMessagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_MessagePage__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _inbox_v1_ListMessagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_MessagePage__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _inbox_v1_ListMessagesRequest, callback: grpc.requestCallback<_inbox_v1_MessagePage__Output>): grpc.ClientUnaryCall;
  
  ListQuickReplies(argument: _inbox_v1_ListQuickRepliesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReplyList__Output>): grpc.ClientUnaryCall;
  ListQuickReplies(argument: _inbox_v1_ListQuickRepliesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_QuickReplyList__Output>): grpc.ClientUnaryCall;
  ListQuickReplies(argument: _inbox_v1_ListQuickRepliesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReplyList__Output>): grpc.ClientUnaryCall;
  ListQuickReplies(argument: _inbox_v1_ListQuickRepliesRequest, callback: grpc.requestCallback<_inbox_v1_QuickReplyList__Output>): grpc.ClientUnaryCall;
  listQuickReplies(argument: _inbox_v1_ListQuickRepliesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReplyList__Output>): grpc.ClientUnaryCall;
  listQuickReplies(argument: _inbox_v1_ListQuickRepliesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_QuickReplyList__Output>): grpc.ClientUnaryCall;
  listQuickReplies(argument: _inbox_v1_ListQuickRepliesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReplyList__Output>): grpc.ClientUnaryCall;
  listQuickReplies(argument: _inbox_v1_ListQuickRepliesRequest, callback: grpc.requestCallback<_inbox_v1_QuickReplyList__Output>): grpc.ClientUnaryCall;
  
  MarkRead(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  MarkRead(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  MarkRead(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  MarkRead(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  markRead(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  markRead(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  markRead(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  markRead(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  MergeCategories(argument: _inbox_v1_MergeCategoriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_MergeCategoriesResult__Output>): grpc.ClientUnaryCall;
  MergeCategories(argument: _inbox_v1_MergeCategoriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_MergeCategoriesResult__Output>): grpc.ClientUnaryCall;
  MergeCategories(argument: _inbox_v1_MergeCategoriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_MergeCategoriesResult__Output>): grpc.ClientUnaryCall;
  MergeCategories(argument: _inbox_v1_MergeCategoriesRequest, callback: grpc.requestCallback<_inbox_v1_MergeCategoriesResult__Output>): grpc.ClientUnaryCall;
  mergeCategories(argument: _inbox_v1_MergeCategoriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_MergeCategoriesResult__Output>): grpc.ClientUnaryCall;
  mergeCategories(argument: _inbox_v1_MergeCategoriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_MergeCategoriesResult__Output>): grpc.ClientUnaryCall;
  mergeCategories(argument: _inbox_v1_MergeCategoriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_MergeCategoriesResult__Output>): grpc.ClientUnaryCall;
  mergeCategories(argument: _inbox_v1_MergeCategoriesRequest, callback: grpc.requestCallback<_inbox_v1_MergeCategoriesResult__Output>): grpc.ClientUnaryCall;
  
  PutBotCategories(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  PutBotCategories(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  PutBotCategories(argument: _inbox_v1_PutBotDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  PutBotCategories(argument: _inbox_v1_PutBotDocumentRequest, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putBotCategories(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putBotCategories(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putBotCategories(argument: _inbox_v1_PutBotDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putBotCategories(argument: _inbox_v1_PutBotDocumentRequest, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  
  PutBotSettings(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  PutBotSettings(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  PutBotSettings(argument: _inbox_v1_PutBotDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  PutBotSettings(argument: _inbox_v1_PutBotDocumentRequest, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putBotSettings(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putBotSettings(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putBotSettings(argument: _inbox_v1_PutBotDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putBotSettings(argument: _inbox_v1_PutBotDocumentRequest, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  
  PutRoutingRules(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  PutRoutingRules(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  PutRoutingRules(argument: _inbox_v1_PutBotDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  PutRoutingRules(argument: _inbox_v1_PutBotDocumentRequest, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putRoutingRules(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putRoutingRules(argument: _inbox_v1_PutBotDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putRoutingRules(argument: _inbox_v1_PutBotDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  putRoutingRules(argument: _inbox_v1_PutBotDocumentRequest, callback: grpc.requestCallback<_inbox_v1_BotDocument__Output>): grpc.ClientUnaryCall;
  
  PutWhatsAppSettings(argument: _inbox_v1_PutWhatsAppSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  PutWhatsAppSettings(argument: _inbox_v1_PutWhatsAppSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  PutWhatsAppSettings(argument: _inbox_v1_PutWhatsAppSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  PutWhatsAppSettings(argument: _inbox_v1_PutWhatsAppSettingsRequest, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  putWhatsAppSettings(argument: _inbox_v1_PutWhatsAppSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  putWhatsAppSettings(argument: _inbox_v1_PutWhatsAppSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  putWhatsAppSettings(argument: _inbox_v1_PutWhatsAppSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  putWhatsAppSettings(argument: _inbox_v1_PutWhatsAppSettingsRequest, callback: grpc.requestCallback<_inbox_v1_WhatsAppSettings__Output>): grpc.ClientUnaryCall;
  
  React(argument: _inbox_v1_ReactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  React(argument: _inbox_v1_ReactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  React(argument: _inbox_v1_ReactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  React(argument: _inbox_v1_ReactRequest, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  react(argument: _inbox_v1_ReactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  react(argument: _inbox_v1_ReactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  react(argument: _inbox_v1_ReactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  react(argument: _inbox_v1_ReactRequest, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  
  ReclassifyConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Classification__Output>): grpc.ClientUnaryCall;
  ReclassifyConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Classification__Output>): grpc.ClientUnaryCall;
  ReclassifyConversation(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Classification__Output>): grpc.ClientUnaryCall;
  ReclassifyConversation(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Classification__Output>): grpc.ClientUnaryCall;
  reclassifyConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Classification__Output>): grpc.ClientUnaryCall;
  reclassifyConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Classification__Output>): grpc.ClientUnaryCall;
  reclassifyConversation(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Classification__Output>): grpc.ClientUnaryCall;
  reclassifyConversation(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Classification__Output>): grpc.ClientUnaryCall;
  
  RemoveConversationTag(argument: _inbox_v1_ConversationTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  RemoveConversationTag(argument: _inbox_v1_ConversationTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  RemoveConversationTag(argument: _inbox_v1_ConversationTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  RemoveConversationTag(argument: _inbox_v1_ConversationTagRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  removeConversationTag(argument: _inbox_v1_ConversationTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  removeConversationTag(argument: _inbox_v1_ConversationTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  removeConversationTag(argument: _inbox_v1_ConversationTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  removeConversationTag(argument: _inbox_v1_ConversationTagRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  RemoveQuickReplyMedia(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  RemoveQuickReplyMedia(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  RemoveQuickReplyMedia(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  RemoveQuickReplyMedia(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  removeQuickReplyMedia(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  removeQuickReplyMedia(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  removeQuickReplyMedia(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  removeQuickReplyMedia(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  
  Reopen(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Reopen(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Reopen(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Reopen(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  reopen(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  reopen(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  reopen(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  reopen(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  RerouteConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_RouteResult__Output>): grpc.ClientUnaryCall;
  RerouteConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_RouteResult__Output>): grpc.ClientUnaryCall;
  RerouteConversation(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_RouteResult__Output>): grpc.ClientUnaryCall;
  RerouteConversation(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_RouteResult__Output>): grpc.ClientUnaryCall;
  rerouteConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_RouteResult__Output>): grpc.ClientUnaryCall;
  rerouteConversation(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_RouteResult__Output>): grpc.ClientUnaryCall;
  rerouteConversation(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_RouteResult__Output>): grpc.ClientUnaryCall;
  rerouteConversation(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_RouteResult__Output>): grpc.ClientUnaryCall;
  
  Resolve(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Resolve(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Resolve(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Resolve(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  resolve(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  resolve(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  resolve(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  resolve(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  RetryMedia(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  RetryMedia(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  RetryMedia(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  RetryMedia(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  retryMedia(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  retryMedia(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  retryMedia(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  retryMedia(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  
  ReturnToBot(argument: _inbox_v1_ReturnToBotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  ReturnToBot(argument: _inbox_v1_ReturnToBotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  ReturnToBot(argument: _inbox_v1_ReturnToBotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  ReturnToBot(argument: _inbox_v1_ReturnToBotRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  returnToBot(argument: _inbox_v1_ReturnToBotRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  returnToBot(argument: _inbox_v1_ReturnToBotRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  returnToBot(argument: _inbox_v1_ReturnToBotRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  returnToBot(argument: _inbox_v1_ReturnToBotRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  SendMessage(argument: _inbox_v1_SendMessageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  SendMessage(argument: _inbox_v1_SendMessageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  SendMessage(argument: _inbox_v1_SendMessageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  SendMessage(argument: _inbox_v1_SendMessageRequest, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  sendMessage(argument: _inbox_v1_SendMessageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  sendMessage(argument: _inbox_v1_SendMessageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  sendMessage(argument: _inbox_v1_SendMessageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  sendMessage(argument: _inbox_v1_SendMessageRequest, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  
  SendTemplateMessage(argument: _inbox_v1_SendTemplateMessageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_TemplateMessageSent__Output>): grpc.ClientUnaryCall;
  SendTemplateMessage(argument: _inbox_v1_SendTemplateMessageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_TemplateMessageSent__Output>): grpc.ClientUnaryCall;
  SendTemplateMessage(argument: _inbox_v1_SendTemplateMessageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_TemplateMessageSent__Output>): grpc.ClientUnaryCall;
  SendTemplateMessage(argument: _inbox_v1_SendTemplateMessageRequest, callback: grpc.requestCallback<_inbox_v1_TemplateMessageSent__Output>): grpc.ClientUnaryCall;
  sendTemplateMessage(argument: _inbox_v1_SendTemplateMessageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_TemplateMessageSent__Output>): grpc.ClientUnaryCall;
  sendTemplateMessage(argument: _inbox_v1_SendTemplateMessageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_TemplateMessageSent__Output>): grpc.ClientUnaryCall;
  sendTemplateMessage(argument: _inbox_v1_SendTemplateMessageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_TemplateMessageSent__Output>): grpc.ClientUnaryCall;
  sendTemplateMessage(argument: _inbox_v1_SendTemplateMessageRequest, callback: grpc.requestCallback<_inbox_v1_TemplateMessageSent__Output>): grpc.ClientUnaryCall;
  
  SetFollowUp(argument: _inbox_v1_FollowUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  SetFollowUp(argument: _inbox_v1_FollowUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  SetFollowUp(argument: _inbox_v1_FollowUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  SetFollowUp(argument: _inbox_v1_FollowUpRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  setFollowUp(argument: _inbox_v1_FollowUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  setFollowUp(argument: _inbox_v1_FollowUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  setFollowUp(argument: _inbox_v1_FollowUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  setFollowUp(argument: _inbox_v1_FollowUpRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  StartReclassifyJob(argument: _inbox_v1_StartReclassifyJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  StartReclassifyJob(argument: _inbox_v1_StartReclassifyJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  StartReclassifyJob(argument: _inbox_v1_StartReclassifyJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  StartReclassifyJob(argument: _inbox_v1_StartReclassifyJobRequest, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  startReclassifyJob(argument: _inbox_v1_StartReclassifyJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  startReclassifyJob(argument: _inbox_v1_StartReclassifyJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  startReclassifyJob(argument: _inbox_v1_StartReclassifyJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  startReclassifyJob(argument: _inbox_v1_StartReclassifyJobRequest, callback: grpc.requestCallback<_inbox_v1_Job__Output>): grpc.ClientUnaryCall;
  
  Takeover(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Takeover(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Takeover(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Takeover(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  takeover(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  takeover(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  takeover(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  takeover(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  ToggleHide(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  ToggleHide(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  ToggleHide(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  ToggleHide(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  toggleHide(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  toggleHide(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  toggleHide(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  toggleHide(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Message__Output>): grpc.ClientUnaryCall;
  
  Unassign(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Unassign(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Unassign(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  Unassign(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  unassign(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  unassign(argument: _inbox_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  unassign(argument: _inbox_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  unassign(argument: _inbox_v1_IdRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  UpdateContact(argument: _inbox_v1_UpdateContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  UpdateContact(argument: _inbox_v1_UpdateContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  UpdateContact(argument: _inbox_v1_UpdateContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  UpdateContact(argument: _inbox_v1_UpdateContactRequest, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  updateContact(argument: _inbox_v1_UpdateContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  updateContact(argument: _inbox_v1_UpdateContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  updateContact(argument: _inbox_v1_UpdateContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  updateContact(argument: _inbox_v1_UpdateContactRequest, callback: grpc.requestCallback<_inbox_v1_Contact__Output>): grpc.ClientUnaryCall;
  
  UpdateConversation(argument: _inbox_v1_UpdateConversationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  UpdateConversation(argument: _inbox_v1_UpdateConversationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  UpdateConversation(argument: _inbox_v1_UpdateConversationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  UpdateConversation(argument: _inbox_v1_UpdateConversationRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  updateConversation(argument: _inbox_v1_UpdateConversationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  updateConversation(argument: _inbox_v1_UpdateConversationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  updateConversation(argument: _inbox_v1_UpdateConversationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  updateConversation(argument: _inbox_v1_UpdateConversationRequest, callback: grpc.requestCallback<_inbox_v1_Conversation__Output>): grpc.ClientUnaryCall;
  
  UpdateQuickReply(argument: _inbox_v1_UpdateQuickReplyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  UpdateQuickReply(argument: _inbox_v1_UpdateQuickReplyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  UpdateQuickReply(argument: _inbox_v1_UpdateQuickReplyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  UpdateQuickReply(argument: _inbox_v1_UpdateQuickReplyRequest, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  updateQuickReply(argument: _inbox_v1_UpdateQuickReplyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  updateQuickReply(argument: _inbox_v1_UpdateQuickReplyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  updateQuickReply(argument: _inbox_v1_UpdateQuickReplyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  updateQuickReply(argument: _inbox_v1_UpdateQuickReplyRequest, callback: grpc.requestCallback<_inbox_v1_QuickReply__Output>): grpc.ClientUnaryCall;
  
}

export interface InboxServiceHandlers extends grpc.UntypedServiceImplementation {
  AddConversationTag: grpc.handleUnaryCall<_inbox_v1_ConversationTagRequest__Output, _inbox_v1_Conversation>;
  
  Assign: grpc.handleUnaryCall<_inbox_v1_AssignRequest__Output, _inbox_v1_Conversation>;
  
  BulkQuickReplies: grpc.handleUnaryCall<_inbox_v1_BulkRequest__Output, _inbox_v1_BulkResult>;
  
  ClearFollowUp: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Conversation>;
  
  CountCategories: grpc.handleUnaryCall<_inbox_v1_Empty__Output, _inbox_v1_CategoryCountList>;
  
  CountConversations: grpc.handleUnaryCall<_inbox_v1_ConversationFilter__Output, _inbox_v1_ConversationCounts>;
  
  CreateQuickReply: grpc.handleUnaryCall<_inbox_v1_CreateQuickReplyRequest__Output, _inbox_v1_QuickReply>;
  
  DeleteQuickReply: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Empty>;
  
  ExportHistory: grpc.handleUnaryCall<_history_v1_HistoryRequest__Output, _history_v1_HistoryPage>;
  
  GenerateHandoffSummary: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_HandoffSummary>;
  
  GetBotCategories: grpc.handleUnaryCall<_inbox_v1_Empty__Output, _inbox_v1_BotDocument>;
  
  GetBotSettings: grpc.handleUnaryCall<_inbox_v1_Empty__Output, _inbox_v1_BotDocument>;
  
  GetChannelAccess: grpc.handleUnaryCall<_inbox_v1_ChannelAccessRequest__Output, _inbox_v1_ChannelAccess>;
  
  GetContact: grpc.handleUnaryCall<_inbox_v1_WaIdRequest__Output, _inbox_v1_Contact>;
  
  GetContactHistory: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_ContactHistory>;
  
  GetConversation: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Conversation>;
  
  GetJob: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Job>;
  
  GetReopenStatus: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_ReopenStatus>;
  
  GetRoutingRules: grpc.handleUnaryCall<_inbox_v1_Empty__Output, _inbox_v1_BotDocument>;
  
  GetTimeline: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_ConversationSummaryList>;
  
  GetWhatsAppSettings: grpc.handleUnaryCall<_inbox_v1_Empty__Output, _inbox_v1_WhatsAppSettings>;
  
  ListCategories: grpc.handleUnaryCall<_inbox_v1_Empty__Output, _inbox_v1_CategoryList>;
  
  ListChannels: grpc.handleUnaryCall<_inbox_v1_ListChannelsRequest__Output, _inbox_v1_ChannelPage>;
  
  ListContacts: grpc.handleUnaryCall<_inbox_v1_ListContactsRequest__Output, _inbox_v1_ContactPage>;
  
  ListConversations: grpc.handleUnaryCall<_inbox_v1_ListConversationsRequest__Output, _inbox_v1_ConversationPage>;
  
  ListMessages: grpc.handleUnaryCall<_inbox_v1_ListMessagesRequest__Output, _inbox_v1_MessagePage>;
  
  ListQuickReplies: grpc.handleUnaryCall<_inbox_v1_ListQuickRepliesRequest__Output, _inbox_v1_QuickReplyList>;
  
  MarkRead: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Conversation>;
  
  MergeCategories: grpc.handleUnaryCall<_inbox_v1_MergeCategoriesRequest__Output, _inbox_v1_MergeCategoriesResult>;
  
  PutBotCategories: grpc.handleUnaryCall<_inbox_v1_PutBotDocumentRequest__Output, _inbox_v1_BotDocument>;
  
  PutBotSettings: grpc.handleUnaryCall<_inbox_v1_PutBotDocumentRequest__Output, _inbox_v1_BotDocument>;
  
  PutRoutingRules: grpc.handleUnaryCall<_inbox_v1_PutBotDocumentRequest__Output, _inbox_v1_BotDocument>;
  
  PutWhatsAppSettings: grpc.handleUnaryCall<_inbox_v1_PutWhatsAppSettingsRequest__Output, _inbox_v1_WhatsAppSettings>;
  
  React: grpc.handleUnaryCall<_inbox_v1_ReactRequest__Output, _inbox_v1_Message>;
  
  ReclassifyConversation: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Classification>;
  
  RemoveConversationTag: grpc.handleUnaryCall<_inbox_v1_ConversationTagRequest__Output, _inbox_v1_Conversation>;
  
  RemoveQuickReplyMedia: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_QuickReply>;
  
  Reopen: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Conversation>;
  
  RerouteConversation: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_RouteResult>;
  
  Resolve: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Conversation>;
  
  RetryMedia: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Message>;
  
  ReturnToBot: grpc.handleUnaryCall<_inbox_v1_ReturnToBotRequest__Output, _inbox_v1_Conversation>;
  
  SendMessage: grpc.handleUnaryCall<_inbox_v1_SendMessageRequest__Output, _inbox_v1_Message>;
  
  SendTemplateMessage: grpc.handleUnaryCall<_inbox_v1_SendTemplateMessageRequest__Output, _inbox_v1_TemplateMessageSent>;
  
  SetFollowUp: grpc.handleUnaryCall<_inbox_v1_FollowUpRequest__Output, _inbox_v1_Conversation>;
  
  StartReclassifyJob: grpc.handleUnaryCall<_inbox_v1_StartReclassifyJobRequest__Output, _inbox_v1_Job>;
  
  Takeover: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Conversation>;
  
  ToggleHide: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Message>;
  
  Unassign: grpc.handleUnaryCall<_inbox_v1_IdRequest__Output, _inbox_v1_Conversation>;
  
  UpdateContact: grpc.handleUnaryCall<_inbox_v1_UpdateContactRequest__Output, _inbox_v1_Contact>;
  
  UpdateConversation: grpc.handleUnaryCall<_inbox_v1_UpdateConversationRequest__Output, _inbox_v1_Conversation>;
  
  UpdateQuickReply: grpc.handleUnaryCall<_inbox_v1_UpdateQuickReplyRequest__Output, _inbox_v1_QuickReply>;
  
}

export interface InboxServiceDefinition extends grpc.ServiceDefinition {
  AddConversationTag: MethodDefinition<_inbox_v1_ConversationTagRequest, _inbox_v1_Conversation, _inbox_v1_ConversationTagRequest__Output, _inbox_v1_Conversation__Output>
  Assign: MethodDefinition<_inbox_v1_AssignRequest, _inbox_v1_Conversation, _inbox_v1_AssignRequest__Output, _inbox_v1_Conversation__Output>
  BulkQuickReplies: MethodDefinition<_inbox_v1_BulkRequest, _inbox_v1_BulkResult, _inbox_v1_BulkRequest__Output, _inbox_v1_BulkResult__Output>
  ClearFollowUp: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Conversation, _inbox_v1_IdRequest__Output, _inbox_v1_Conversation__Output>
  CountCategories: MethodDefinition<_inbox_v1_Empty, _inbox_v1_CategoryCountList, _inbox_v1_Empty__Output, _inbox_v1_CategoryCountList__Output>
  CountConversations: MethodDefinition<_inbox_v1_ConversationFilter, _inbox_v1_ConversationCounts, _inbox_v1_ConversationFilter__Output, _inbox_v1_ConversationCounts__Output>
  CreateQuickReply: MethodDefinition<_inbox_v1_CreateQuickReplyRequest, _inbox_v1_QuickReply, _inbox_v1_CreateQuickReplyRequest__Output, _inbox_v1_QuickReply__Output>
  DeleteQuickReply: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Empty, _inbox_v1_IdRequest__Output, _inbox_v1_Empty__Output>
  ExportHistory: MethodDefinition<_history_v1_HistoryRequest, _history_v1_HistoryPage, _history_v1_HistoryRequest__Output, _history_v1_HistoryPage__Output>
  GenerateHandoffSummary: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_HandoffSummary, _inbox_v1_IdRequest__Output, _inbox_v1_HandoffSummary__Output>
  GetBotCategories: MethodDefinition<_inbox_v1_Empty, _inbox_v1_BotDocument, _inbox_v1_Empty__Output, _inbox_v1_BotDocument__Output>
  GetBotSettings: MethodDefinition<_inbox_v1_Empty, _inbox_v1_BotDocument, _inbox_v1_Empty__Output, _inbox_v1_BotDocument__Output>
  GetChannelAccess: MethodDefinition<_inbox_v1_ChannelAccessRequest, _inbox_v1_ChannelAccess, _inbox_v1_ChannelAccessRequest__Output, _inbox_v1_ChannelAccess__Output>
  GetContact: MethodDefinition<_inbox_v1_WaIdRequest, _inbox_v1_Contact, _inbox_v1_WaIdRequest__Output, _inbox_v1_Contact__Output>
  GetContactHistory: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_ContactHistory, _inbox_v1_IdRequest__Output, _inbox_v1_ContactHistory__Output>
  GetConversation: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Conversation, _inbox_v1_IdRequest__Output, _inbox_v1_Conversation__Output>
  GetJob: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Job, _inbox_v1_IdRequest__Output, _inbox_v1_Job__Output>
  GetReopenStatus: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_ReopenStatus, _inbox_v1_IdRequest__Output, _inbox_v1_ReopenStatus__Output>
  GetRoutingRules: MethodDefinition<_inbox_v1_Empty, _inbox_v1_BotDocument, _inbox_v1_Empty__Output, _inbox_v1_BotDocument__Output>
  GetTimeline: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_ConversationSummaryList, _inbox_v1_IdRequest__Output, _inbox_v1_ConversationSummaryList__Output>
  GetWhatsAppSettings: MethodDefinition<_inbox_v1_Empty, _inbox_v1_WhatsAppSettings, _inbox_v1_Empty__Output, _inbox_v1_WhatsAppSettings__Output>
  ListCategories: MethodDefinition<_inbox_v1_Empty, _inbox_v1_CategoryList, _inbox_v1_Empty__Output, _inbox_v1_CategoryList__Output>
  ListChannels: MethodDefinition<_inbox_v1_ListChannelsRequest, _inbox_v1_ChannelPage, _inbox_v1_ListChannelsRequest__Output, _inbox_v1_ChannelPage__Output>
  ListContacts: MethodDefinition<_inbox_v1_ListContactsRequest, _inbox_v1_ContactPage, _inbox_v1_ListContactsRequest__Output, _inbox_v1_ContactPage__Output>
  ListConversations: MethodDefinition<_inbox_v1_ListConversationsRequest, _inbox_v1_ConversationPage, _inbox_v1_ListConversationsRequest__Output, _inbox_v1_ConversationPage__Output>
  ListMessages: MethodDefinition<_inbox_v1_ListMessagesRequest, _inbox_v1_MessagePage, _inbox_v1_ListMessagesRequest__Output, _inbox_v1_MessagePage__Output>
  ListQuickReplies: MethodDefinition<_inbox_v1_ListQuickRepliesRequest, _inbox_v1_QuickReplyList, _inbox_v1_ListQuickRepliesRequest__Output, _inbox_v1_QuickReplyList__Output>
  MarkRead: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Conversation, _inbox_v1_IdRequest__Output, _inbox_v1_Conversation__Output>
  MergeCategories: MethodDefinition<_inbox_v1_MergeCategoriesRequest, _inbox_v1_MergeCategoriesResult, _inbox_v1_MergeCategoriesRequest__Output, _inbox_v1_MergeCategoriesResult__Output>
  PutBotCategories: MethodDefinition<_inbox_v1_PutBotDocumentRequest, _inbox_v1_BotDocument, _inbox_v1_PutBotDocumentRequest__Output, _inbox_v1_BotDocument__Output>
  PutBotSettings: MethodDefinition<_inbox_v1_PutBotDocumentRequest, _inbox_v1_BotDocument, _inbox_v1_PutBotDocumentRequest__Output, _inbox_v1_BotDocument__Output>
  PutRoutingRules: MethodDefinition<_inbox_v1_PutBotDocumentRequest, _inbox_v1_BotDocument, _inbox_v1_PutBotDocumentRequest__Output, _inbox_v1_BotDocument__Output>
  PutWhatsAppSettings: MethodDefinition<_inbox_v1_PutWhatsAppSettingsRequest, _inbox_v1_WhatsAppSettings, _inbox_v1_PutWhatsAppSettingsRequest__Output, _inbox_v1_WhatsAppSettings__Output>
  React: MethodDefinition<_inbox_v1_ReactRequest, _inbox_v1_Message, _inbox_v1_ReactRequest__Output, _inbox_v1_Message__Output>
  ReclassifyConversation: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Classification, _inbox_v1_IdRequest__Output, _inbox_v1_Classification__Output>
  RemoveConversationTag: MethodDefinition<_inbox_v1_ConversationTagRequest, _inbox_v1_Conversation, _inbox_v1_ConversationTagRequest__Output, _inbox_v1_Conversation__Output>
  RemoveQuickReplyMedia: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_QuickReply, _inbox_v1_IdRequest__Output, _inbox_v1_QuickReply__Output>
  Reopen: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Conversation, _inbox_v1_IdRequest__Output, _inbox_v1_Conversation__Output>
  RerouteConversation: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_RouteResult, _inbox_v1_IdRequest__Output, _inbox_v1_RouteResult__Output>
  Resolve: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Conversation, _inbox_v1_IdRequest__Output, _inbox_v1_Conversation__Output>
  RetryMedia: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Message, _inbox_v1_IdRequest__Output, _inbox_v1_Message__Output>
  ReturnToBot: MethodDefinition<_inbox_v1_ReturnToBotRequest, _inbox_v1_Conversation, _inbox_v1_ReturnToBotRequest__Output, _inbox_v1_Conversation__Output>
  SendMessage: MethodDefinition<_inbox_v1_SendMessageRequest, _inbox_v1_Message, _inbox_v1_SendMessageRequest__Output, _inbox_v1_Message__Output>
  SendTemplateMessage: MethodDefinition<_inbox_v1_SendTemplateMessageRequest, _inbox_v1_TemplateMessageSent, _inbox_v1_SendTemplateMessageRequest__Output, _inbox_v1_TemplateMessageSent__Output>
  SetFollowUp: MethodDefinition<_inbox_v1_FollowUpRequest, _inbox_v1_Conversation, _inbox_v1_FollowUpRequest__Output, _inbox_v1_Conversation__Output>
  StartReclassifyJob: MethodDefinition<_inbox_v1_StartReclassifyJobRequest, _inbox_v1_Job, _inbox_v1_StartReclassifyJobRequest__Output, _inbox_v1_Job__Output>
  Takeover: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Conversation, _inbox_v1_IdRequest__Output, _inbox_v1_Conversation__Output>
  ToggleHide: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Message, _inbox_v1_IdRequest__Output, _inbox_v1_Message__Output>
  Unassign: MethodDefinition<_inbox_v1_IdRequest, _inbox_v1_Conversation, _inbox_v1_IdRequest__Output, _inbox_v1_Conversation__Output>
  UpdateContact: MethodDefinition<_inbox_v1_UpdateContactRequest, _inbox_v1_Contact, _inbox_v1_UpdateContactRequest__Output, _inbox_v1_Contact__Output>
  UpdateConversation: MethodDefinition<_inbox_v1_UpdateConversationRequest, _inbox_v1_Conversation, _inbox_v1_UpdateConversationRequest__Output, _inbox_v1_Conversation__Output>
  UpdateQuickReply: MethodDefinition<_inbox_v1_UpdateQuickReplyRequest, _inbox_v1_QuickReply, _inbox_v1_UpdateQuickReplyRequest__Output, _inbox_v1_QuickReply__Output>
}
