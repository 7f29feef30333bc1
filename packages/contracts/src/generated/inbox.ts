import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { HistoryEvent as _history_v1_HistoryEvent, HistoryEvent__Output as _history_v1_HistoryEvent__Output } from './history/v1/HistoryEvent';
import type { HistoryPage as _history_v1_HistoryPage, HistoryPage__Output as _history_v1_HistoryPage__Output } from './history/v1/HistoryPage';
import type { HistoryRequest as _history_v1_HistoryRequest, HistoryRequest__Output as _history_v1_HistoryRequest__Output } from './history/v1/HistoryRequest';
import type { AssignRequest as _inbox_v1_AssignRequest, AssignRequest__Output as _inbox_v1_AssignRequest__Output } from './inbox/v1/AssignRequest';
import type { BotDocument as _inbox_v1_BotDocument, BotDocument__Output as _inbox_v1_BotDocument__Output } from './inbox/v1/BotDocument';
import type { BulkFailure as _inbox_v1_BulkFailure, BulkFailure__Output as _inbox_v1_BulkFailure__Output } from './inbox/v1/BulkFailure';
import type { BulkRequest as _inbox_v1_BulkRequest, BulkRequest__Output as _inbox_v1_BulkRequest__Output } from './inbox/v1/BulkRequest';
import type { BulkResult as _inbox_v1_BulkResult, BulkResult__Output as _inbox_v1_BulkResult__Output } from './inbox/v1/BulkResult';
import type { CategoryCount as _inbox_v1_CategoryCount, CategoryCount__Output as _inbox_v1_CategoryCount__Output } from './inbox/v1/CategoryCount';
import type { CategoryCountList as _inbox_v1_CategoryCountList, CategoryCountList__Output as _inbox_v1_CategoryCountList__Output } from './inbox/v1/CategoryCountList';
import type { CategoryList as _inbox_v1_CategoryList, CategoryList__Output as _inbox_v1_CategoryList__Output } from './inbox/v1/CategoryList';
import type { ChannelAccess as _inbox_v1_ChannelAccess, ChannelAccess__Output as _inbox_v1_ChannelAccess__Output } from './inbox/v1/ChannelAccess';
import type { ChannelAccessRequest as _inbox_v1_ChannelAccessRequest, ChannelAccessRequest__Output as _inbox_v1_ChannelAccessRequest__Output } from './inbox/v1/ChannelAccessRequest';
import type { ChannelPage as _inbox_v1_ChannelPage, ChannelPage__Output as _inbox_v1_ChannelPage__Output } from './inbox/v1/ChannelPage';
import type { ChannelSummary as _inbox_v1_ChannelSummary, ChannelSummary__Output as _inbox_v1_ChannelSummary__Output } from './inbox/v1/ChannelSummary';
import type { Classification as _inbox_v1_Classification, Classification__Output as _inbox_v1_Classification__Output } from './inbox/v1/Classification';
import type { Contact as _inbox_v1_Contact, Contact__Output as _inbox_v1_Contact__Output } from './inbox/v1/Contact';
import type { ContactHistory as _inbox_v1_ContactHistory, ContactHistory__Output as _inbox_v1_ContactHistory__Output } from './inbox/v1/ContactHistory';
import type { ContactPage as _inbox_v1_ContactPage, ContactPage__Output as _inbox_v1_ContactPage__Output } from './inbox/v1/ContactPage';
import type { ContactRef as _inbox_v1_ContactRef, ContactRef__Output as _inbox_v1_ContactRef__Output } from './inbox/v1/ContactRef';
import type { Conversation as _inbox_v1_Conversation, Conversation__Output as _inbox_v1_Conversation__Output } from './inbox/v1/Conversation';
import type { ConversationCounts as _inbox_v1_ConversationCounts, ConversationCounts__Output as _inbox_v1_ConversationCounts__Output } from './inbox/v1/ConversationCounts';
import type { ConversationFilter as _inbox_v1_ConversationFilter, ConversationFilter__Output as _inbox_v1_ConversationFilter__Output } from './inbox/v1/ConversationFilter';
import type { ConversationPage as _inbox_v1_ConversationPage, ConversationPage__Output as _inbox_v1_ConversationPage__Output } from './inbox/v1/ConversationPage';
import type { ConversationSummary as _inbox_v1_ConversationSummary, ConversationSummary__Output as _inbox_v1_ConversationSummary__Output } from './inbox/v1/ConversationSummary';
import type { ConversationSummaryList as _inbox_v1_ConversationSummaryList, ConversationSummaryList__Output as _inbox_v1_ConversationSummaryList__Output } from './inbox/v1/ConversationSummaryList';
import type { ConversationTagRequest as _inbox_v1_ConversationTagRequest, ConversationTagRequest__Output as _inbox_v1_ConversationTagRequest__Output } from './inbox/v1/ConversationTagRequest';
import type { CreateQuickReplyRequest as _inbox_v1_CreateQuickReplyRequest, CreateQuickReplyRequest__Output as _inbox_v1_CreateQuickReplyRequest__Output } from './inbox/v1/CreateQuickReplyRequest';
import type { Empty as _inbox_v1_Empty, Empty__Output as _inbox_v1_Empty__Output } from './inbox/v1/Empty';
import type { FollowUpRequest as _inbox_v1_FollowUpRequest, FollowUpRequest__Output as _inbox_v1_FollowUpRequest__Output } from './inbox/v1/FollowUpRequest';
import type { HandoffSummary as _inbox_v1_HandoffSummary, HandoffSummary__Output as _inbox_v1_HandoffSummary__Output } from './inbox/v1/HandoffSummary';
import type { IdRequest as _inbox_v1_IdRequest, IdRequest__Output as _inbox_v1_IdRequest__Output } from './inbox/v1/IdRequest';
import type { InboxServiceClient as _inbox_v1_InboxServiceClient, InboxServiceDefinition as _inbox_v1_InboxServiceDefinition } from './inbox/v1/InboxService';
import type { Job as _inbox_v1_Job, Job__Output as _inbox_v1_Job__Output } from './inbox/v1/Job';
import type { JobResult as _inbox_v1_JobResult, JobResult__Output as _inbox_v1_JobResult__Output } from './inbox/v1/JobResult';
import type { ListChannelsRequest as _inbox_v1_ListChannelsRequest, ListChannelsRequest__Output as _inbox_v1_ListChannelsRequest__Output } from './inbox/v1/ListChannelsRequest';
import type { ListContactsRequest as _inbox_v1_ListContactsRequest, ListContactsRequest__Output as _inbox_v1_ListContactsRequest__Output } from './inbox/v1/ListContactsRequest';
import type { ListConversationsRequest as _inbox_v1_ListConversationsRequest, ListConversationsRequest__Output as _inbox_v1_ListConversationsRequest__Output } from './inbox/v1/ListConversationsRequest';
import type { ListMessagesRequest as _inbox_v1_ListMessagesRequest, ListMessagesRequest__Output as _inbox_v1_ListMessagesRequest__Output } from './inbox/v1/ListMessagesRequest';
import type { ListQuickRepliesRequest as _inbox_v1_ListQuickRepliesRequest, ListQuickRepliesRequest__Output as _inbox_v1_ListQuickRepliesRequest__Output } from './inbox/v1/ListQuickRepliesRequest';
import type { MediaInfo as _inbox_v1_MediaInfo, MediaInfo__Output as _inbox_v1_MediaInfo__Output } from './inbox/v1/MediaInfo';
import type { MergeCategoriesRequest as _inbox_v1_MergeCategoriesRequest, MergeCategoriesRequest__Output as _inbox_v1_MergeCategoriesRequest__Output } from './inbox/v1/MergeCategoriesRequest';
import type { MergeCategoriesResult as _inbox_v1_MergeCategoriesResult, MergeCategoriesResult__Output as _inbox_v1_MergeCategoriesResult__Output } from './inbox/v1/MergeCategoriesResult';
import type { Message as _inbox_v1_Message, Message__Output as _inbox_v1_Message__Output } from './inbox/v1/Message';
import type { MessageError as _inbox_v1_MessageError, MessageError__Output as _inbox_v1_MessageError__Output } from './inbox/v1/MessageError';
import type { MessagePage as _inbox_v1_MessagePage, MessagePage__Output as _inbox_v1_MessagePage__Output } from './inbox/v1/MessagePage';
import type { PutBotDocumentRequest as _inbox_v1_PutBotDocumentRequest, PutBotDocumentRequest__Output as _inbox_v1_PutBotDocumentRequest__Output } from './inbox/v1/PutBotDocumentRequest';
import type { PutWhatsAppSettingsRequest as _inbox_v1_PutWhatsAppSettingsRequest, PutWhatsAppSettingsRequest__Output as _inbox_v1_PutWhatsAppSettingsRequest__Output } from './inbox/v1/PutWhatsAppSettingsRequest';
import type { QuickReply as _inbox_v1_QuickReply, QuickReply__Output as _inbox_v1_QuickReply__Output } from './inbox/v1/QuickReply';
import type { QuickReplyList as _inbox_v1_QuickReplyList, QuickReplyList__Output as _inbox_v1_QuickReplyList__Output } from './inbox/v1/QuickReplyList';
import type { ReactRequest as _inbox_v1_ReactRequest, ReactRequest__Output as _inbox_v1_ReactRequest__Output } from './inbox/v1/ReactRequest';
import type { ReopenStatus as _inbox_v1_ReopenStatus, ReopenStatus__Output as _inbox_v1_ReopenStatus__Output } from './inbox/v1/ReopenStatus';
import type { ReturnToBotRequest as _inbox_v1_ReturnToBotRequest, ReturnToBotRequest__Output as _inbox_v1_ReturnToBotRequest__Output } from './inbox/v1/ReturnToBotRequest';
import type { RouteResult as _inbox_v1_RouteResult, RouteResult__Output as _inbox_v1_RouteResult__Output } from './inbox/v1/RouteResult';
import type { SendMessageRequest as _inbox_v1_SendMessageRequest, SendMessageRequest__Output as _inbox_v1_SendMessageRequest__Output } from './inbox/v1/SendMessageRequest';
import type { SendTemplateMessageRequest as _inbox_v1_SendTemplateMessageRequest, SendTemplateMessageRequest__Output as _inbox_v1_SendTemplateMessageRequest__Output } from './inbox/v1/SendTemplateMessageRequest';
import type { StartReclassifyJobRequest as _inbox_v1_StartReclassifyJobRequest, StartReclassifyJobRequest__Output as _inbox_v1_StartReclassifyJobRequest__Output } from './inbox/v1/StartReclassifyJobRequest';
import type { TemplateMessageSent as _inbox_v1_TemplateMessageSent, TemplateMessageSent__Output as _inbox_v1_TemplateMessageSent__Output } from './inbox/v1/TemplateMessageSent';
import type { TemplateRef as _inbox_v1_TemplateRef, TemplateRef__Output as _inbox_v1_TemplateRef__Output } from './inbox/v1/TemplateRef';
import type { UpdateContactRequest as _inbox_v1_UpdateContactRequest, UpdateContactRequest__Output as _inbox_v1_UpdateContactRequest__Output } from './inbox/v1/UpdateContactRequest';
import type { UpdateConversationRequest as _inbox_v1_UpdateConversationRequest, UpdateConversationRequest__Output as _inbox_v1_UpdateConversationRequest__Output } from './inbox/v1/UpdateConversationRequest';
import type { UpdateQuickReplyRequest as _inbox_v1_UpdateQuickReplyRequest, UpdateQuickReplyRequest__Output as _inbox_v1_UpdateQuickReplyRequest__Output } from './inbox/v1/UpdateQuickReplyRequest';
import type { WaIdRequest as _inbox_v1_WaIdRequest, WaIdRequest__Output as _inbox_v1_WaIdRequest__Output } from './inbox/v1/WaIdRequest';
import type { WhatsAppSettings as _inbox_v1_WhatsAppSettings, WhatsAppSettings__Output as _inbox_v1_WhatsAppSettings__Output } from './inbox/v1/WhatsAppSettings';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  history: {
    v1: {
      HistoryEvent: MessageTypeDefinition<_history_v1_HistoryEvent, _history_v1_HistoryEvent__Output>
      HistoryPage: MessageTypeDefinition<_history_v1_HistoryPage, _history_v1_HistoryPage__Output>
      HistoryRequest: MessageTypeDefinition<_history_v1_HistoryRequest, _history_v1_HistoryRequest__Output>
    }
  }
  inbox: {
    v1: {
      AssignRequest: MessageTypeDefinition<_inbox_v1_AssignRequest, _inbox_v1_AssignRequest__Output>
      BotDocument: MessageTypeDefinition<_inbox_v1_BotDocument, _inbox_v1_BotDocument__Output>
      BulkFailure: MessageTypeDefinition<_inbox_v1_BulkFailure, _inbox_v1_BulkFailure__Output>
      BulkRequest: MessageTypeDefinition<_inbox_v1_BulkRequest, _inbox_v1_BulkRequest__Output>
      BulkResult: MessageTypeDefinition<_inbox_v1_BulkResult, _inbox_v1_BulkResult__Output>
      CategoryCount: MessageTypeDefinition<_inbox_v1_CategoryCount, _inbox_v1_CategoryCount__Output>
      CategoryCountList: MessageTypeDefinition<_inbox_v1_CategoryCountList, _inbox_v1_CategoryCountList__Output>
      CategoryList: MessageTypeDefinition<_inbox_v1_CategoryList, _inbox_v1_CategoryList__Output>
      ChannelAccess: MessageTypeDefinition<_inbox_v1_ChannelAccess, _inbox_v1_ChannelAccess__Output>
      ChannelAccessRequest: MessageTypeDefinition<_inbox_v1_ChannelAccessRequest, _inbox_v1_ChannelAccessRequest__Output>
      ChannelPage: MessageTypeDefinition<_inbox_v1_ChannelPage, _inbox_v1_ChannelPage__Output>
      ChannelSummary: MessageTypeDefinition<_inbox_v1_ChannelSummary, _inbox_v1_ChannelSummary__Output>
      Classification: MessageTypeDefinition<_inbox_v1_Classification, _inbox_v1_Classification__Output>
      Contact: MessageTypeDefinition<_inbox_v1_Contact, _inbox_v1_Contact__Output>
      ContactHistory: MessageTypeDefinition<_inbox_v1_ContactHistory, _inbox_v1_ContactHistory__Output>
      ContactPage: MessageTypeDefinition<_inbox_v1_ContactPage, _inbox_v1_ContactPage__Output>
      ContactRef: MessageTypeDefinition<_inbox_v1_ContactRef, _inbox_v1_ContactRef__Output>
      Conversation: MessageTypeDefinition<_inbox_v1_Conversation, _inbox_v1_Conversation__Output>
      ConversationCounts: MessageTypeDefinition<_inbox_v1_ConversationCounts, _inbox_v1_ConversationCounts__Output>
      ConversationFilter: MessageTypeDefinition<_inbox_v1_ConversationFilter, _inbox_v1_ConversationFilter__Output>
      ConversationPage: MessageTypeDefinition<_inbox_v1_ConversationPage, _inbox_v1_ConversationPage__Output>
      ConversationSummary: MessageTypeDefinition<_inbox_v1_ConversationSummary, _inbox_v1_ConversationSummary__Output>
      ConversationSummaryList: MessageTypeDefinition<_inbox_v1_ConversationSummaryList, _inbox_v1_ConversationSummaryList__Output>
      ConversationTagRequest: MessageTypeDefinition<_inbox_v1_ConversationTagRequest, _inbox_v1_ConversationTagRequest__Output>
      CreateQuickReplyRequest: MessageTypeDefinition<_inbox_v1_CreateQuickReplyRequest, _inbox_v1_CreateQuickReplyRequest__Output>
      Empty: MessageTypeDefinition<_inbox_v1_Empty, _inbox_v1_Empty__Output>
      FollowUpRequest: MessageTypeDefinition<_inbox_v1_FollowUpRequest, _inbox_v1_FollowUpRequest__Output>
      HandoffSummary: MessageTypeDefinition<_inbox_v1_HandoffSummary, _inbox_v1_HandoffSummary__Output>
      IdRequest: MessageTypeDefinition<_inbox_v1_IdRequest, _inbox_v1_IdRequest__Output>
      InboxService: SubtypeConstructor<typeof grpc.Client, _inbox_v1_InboxServiceClient> & { service: _inbox_v1_InboxServiceDefinition }
      Job: MessageTypeDefinition<_inbox_v1_Job, _inbox_v1_Job__Output>
      JobResult: MessageTypeDefinition<_inbox_v1_JobResult, _inbox_v1_JobResult__Output>
      ListChannelsRequest: MessageTypeDefinition<_inbox_v1_ListChannelsRequest, _inbox_v1_ListChannelsRequest__Output>
      ListContactsRequest: MessageTypeDefinition<_inbox_v1_ListContactsRequest, _inbox_v1_ListContactsRequest__Output>
      ListConversationsRequest: MessageTypeDefinition<_inbox_v1_ListConversationsRequest, _inbox_v1_ListConversationsRequest__Output>
      ListMessagesRequest: MessageTypeDefinition<_inbox_v1_ListMessagesRequest, _inbox_v1_ListMessagesRequest__Output>
      ListQuickRepliesRequest: MessageTypeDefinition<_inbox_v1_ListQuickRepliesRequest, _inbox_v1_ListQuickRepliesRequest__Output>
      MediaInfo: MessageTypeDefinition<_inbox_v1_MediaInfo, _inbox_v1_MediaInfo__Output>
      MergeCategoriesRequest: MessageTypeDefinition<_inbox_v1_MergeCategoriesRequest, _inbox_v1_MergeCategoriesRequest__Output>
      MergeCategoriesResult: MessageTypeDefinition<_inbox_v1_MergeCategoriesResult, _inbox_v1_MergeCategoriesResult__Output>
      Message: MessageTypeDefinition<_inbox_v1_Message, _inbox_v1_Message__Output>
      MessageError: MessageTypeDefinition<_inbox_v1_MessageError, _inbox_v1_MessageError__Output>
      MessagePage: MessageTypeDefinition<_inbox_v1_MessagePage, _inbox_v1_MessagePage__Output>
      PutBotDocumentRequest: MessageTypeDefinition<_inbox_v1_PutBotDocumentRequest, _inbox_v1_PutBotDocumentRequest__Output>
      PutWhatsAppSettingsRequest: MessageTypeDefinition<_inbox_v1_PutWhatsAppSettingsRequest, _inbox_v1_PutWhatsAppSettingsRequest__Output>
      QuickReply: MessageTypeDefinition<_inbox_v1_QuickReply, _inbox_v1_QuickReply__Output>
      QuickReplyList: MessageTypeDefinition<_inbox_v1_QuickReplyList, _inbox_v1_QuickReplyList__Output>
      ReactRequest: MessageTypeDefinition<_inbox_v1_ReactRequest, _inbox_v1_ReactRequest__Output>
      ReopenStatus: MessageTypeDefinition<_inbox_v1_ReopenStatus, _inbox_v1_ReopenStatus__Output>
      ReturnToBotRequest: MessageTypeDefinition<_inbox_v1_ReturnToBotRequest, _inbox_v1_ReturnToBotRequest__Output>
      RouteResult: MessageTypeDefinition<_inbox_v1_RouteResult, _inbox_v1_RouteResult__Output>
      SendMessageRequest: MessageTypeDefinition<_inbox_v1_SendMessageRequest, _inbox_v1_SendMessageRequest__Output>
      SendTemplateMessageRequest: MessageTypeDefinition<_inbox_v1_SendTemplateMessageRequest, _inbox_v1_SendTemplateMessageRequest__Output>
      StartReclassifyJobRequest: MessageTypeDefinition<_inbox_v1_StartReclassifyJobRequest, _inbox_v1_StartReclassifyJobRequest__Output>
      TemplateMessageSent: MessageTypeDefinition<_inbox_v1_TemplateMessageSent, _inbox_v1_TemplateMessageSent__Output>
      TemplateRef: MessageTypeDefinition<_inbox_v1_TemplateRef, _inbox_v1_TemplateRef__Output>
      UpdateContactRequest: MessageTypeDefinition<_inbox_v1_UpdateContactRequest, _inbox_v1_UpdateContactRequest__Output>
      UpdateConversationRequest: MessageTypeDefinition<_inbox_v1_UpdateConversationRequest, _inbox_v1_UpdateConversationRequest__Output>
      UpdateQuickReplyRequest: MessageTypeDefinition<_inbox_v1_UpdateQuickReplyRequest, _inbox_v1_UpdateQuickReplyRequest__Output>
      WaIdRequest: MessageTypeDefinition<_inbox_v1_WaIdRequest, _inbox_v1_WaIdRequest__Output>
      WhatsAppSettings: MessageTypeDefinition<_inbox_v1_WhatsAppSettings, _inbox_v1_WhatsAppSettings__Output>
    }
  }
}

