import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AcceptInviteRequest as _directory_v1_AcceptInviteRequest, AcceptInviteRequest__Output as _directory_v1_AcceptInviteRequest__Output } from './directory/v1/AcceptInviteRequest';
import type { AddTeamMemberRequest as _directory_v1_AddTeamMemberRequest, AddTeamMemberRequest__Output as _directory_v1_AddTeamMemberRequest__Output } from './directory/v1/AddTeamMemberRequest';
import type { ApiKey as _directory_v1_ApiKey, ApiKey__Output as _directory_v1_ApiKey__Output } from './directory/v1/ApiKey';
import type { ApiKeyList as _directory_v1_ApiKeyList, ApiKeyList__Output as _directory_v1_ApiKeyList__Output } from './directory/v1/ApiKeyList';
import type { ApiKeyUsage as _directory_v1_ApiKeyUsage, ApiKeyUsage__Output as _directory_v1_ApiKeyUsage__Output } from './directory/v1/ApiKeyUsage';
import type { AuthenticateApiKeyRequest as _directory_v1_AuthenticateApiKeyRequest, AuthenticateApiKeyRequest__Output as _directory_v1_AuthenticateApiKeyRequest__Output } from './directory/v1/AuthenticateApiKeyRequest';
import type { BulkFailure as _directory_v1_BulkFailure, BulkFailure__Output as _directory_v1_BulkFailure__Output } from './directory/v1/BulkFailure';
import type { BulkRequest as _directory_v1_BulkRequest, BulkRequest__Output as _directory_v1_BulkRequest__Output } from './directory/v1/BulkRequest';
import type { BulkResult as _directory_v1_BulkResult, BulkResult__Output as _directory_v1_BulkResult__Output } from './directory/v1/BulkResult';
import type { ChangePasswordRequest as _directory_v1_ChangePasswordRequest, ChangePasswordRequest__Output as _directory_v1_ChangePasswordRequest__Output } from './directory/v1/ChangePasswordRequest';
import type { CreateApiKeyRequest as _directory_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _directory_v1_CreateApiKeyRequest__Output } from './directory/v1/CreateApiKeyRequest';
import type { CreateOrganizationRequest as _directory_v1_CreateOrganizationRequest, CreateOrganizationRequest__Output as _directory_v1_CreateOrganizationRequest__Output } from './directory/v1/CreateOrganizationRequest';
import type { CreateTagRequest as _directory_v1_CreateTagRequest, CreateTagRequest__Output as _directory_v1_CreateTagRequest__Output } from './directory/v1/CreateTagRequest';
import type { CreateTeamRequest as _directory_v1_CreateTeamRequest, CreateTeamRequest__Output as _directory_v1_CreateTeamRequest__Output } from './directory/v1/CreateTeamRequest';
import type { CreateUserRequest as _directory_v1_CreateUserRequest, CreateUserRequest__Output as _directory_v1_CreateUserRequest__Output } from './directory/v1/CreateUserRequest';
import type { DirectoryServiceClient as _directory_v1_DirectoryServiceClient, DirectoryServiceDefinition as _directory_v1_DirectoryServiceDefinition } from './directory/v1/DirectoryService';
import type { Empty as _directory_v1_Empty, Empty__Output as _directory_v1_Empty__Output } from './directory/v1/Empty';
import type { GetUserPrincipalRequest as _directory_v1_GetUserPrincipalRequest, GetUserPrincipalRequest__Output as _directory_v1_GetUserPrincipalRequest__Output } from './directory/v1/GetUserPrincipalRequest';
import type { Holiday as _directory_v1_Holiday, Holiday__Output as _directory_v1_Holiday__Output } from './directory/v1/Holiday';
import type { IdRequest as _directory_v1_IdRequest, IdRequest__Output as _directory_v1_IdRequest__Output } from './directory/v1/IdRequest';
import type { ListTeamsRequest as _directory_v1_ListTeamsRequest, ListTeamsRequest__Output as _directory_v1_ListTeamsRequest__Output } from './directory/v1/ListTeamsRequest';
import type { ListUsersRequest as _directory_v1_ListUsersRequest, ListUsersRequest__Output as _directory_v1_ListUsersRequest__Output } from './directory/v1/ListUsersRequest';
import type { LoginRequest as _directory_v1_LoginRequest, LoginRequest__Output as _directory_v1_LoginRequest__Output } from './directory/v1/LoginRequest';
import type { NewAdmin as _directory_v1_NewAdmin, NewAdmin__Output as _directory_v1_NewAdmin__Output } from './directory/v1/NewAdmin';
import type { Organization as _directory_v1_Organization, Organization__Output as _directory_v1_Organization__Output } from './directory/v1/Organization';
import type { Principal as _directory_v1_Principal, Principal__Output as _directory_v1_Principal__Output } from './directory/v1/Principal';
import type { PutScheduleRequest as _directory_v1_PutScheduleRequest, PutScheduleRequest__Output as _directory_v1_PutScheduleRequest__Output } from './directory/v1/PutScheduleRequest';
import type { RecordApiKeyUsageRequest as _directory_v1_RecordApiKeyUsageRequest, RecordApiKeyUsageRequest__Output as _directory_v1_RecordApiKeyUsageRequest__Output } from './directory/v1/RecordApiKeyUsageRequest';
import type { RefreshRequest as _directory_v1_RefreshRequest, RefreshRequest__Output as _directory_v1_RefreshRequest__Output } from './directory/v1/RefreshRequest';
import type { RemoveTeamMemberRequest as _directory_v1_RemoveTeamMemberRequest, RemoveTeamMemberRequest__Output as _directory_v1_RemoveTeamMemberRequest__Output } from './directory/v1/RemoveTeamMemberRequest';
import type { ResetPasswordRequest as _directory_v1_ResetPasswordRequest, ResetPasswordRequest__Output as _directory_v1_ResetPasswordRequest__Output } from './directory/v1/ResetPasswordRequest';
import type { RoutingMember as _directory_v1_RoutingMember, RoutingMember__Output as _directory_v1_RoutingMember__Output } from './directory/v1/RoutingMember';
import type { RoutingTeam as _directory_v1_RoutingTeam, RoutingTeam__Output as _directory_v1_RoutingTeam__Output } from './directory/v1/RoutingTeam';
import type { Schedule as _directory_v1_Schedule, Schedule__Output as _directory_v1_Schedule__Output } from './directory/v1/Schedule';
import type { ScheduleStatus as _directory_v1_ScheduleStatus, ScheduleStatus__Output as _directory_v1_ScheduleStatus__Output } from './directory/v1/ScheduleStatus';
import type { SelectionFilter as _directory_v1_SelectionFilter, SelectionFilter__Output as _directory_v1_SelectionFilter__Output } from './directory/v1/SelectionFilter';
import type { SetUserStatusRequest as _directory_v1_SetUserStatusRequest, SetUserStatusRequest__Output as _directory_v1_SetUserStatusRequest__Output } from './directory/v1/SetUserStatusRequest';
import type { Tag as _directory_v1_Tag, Tag__Output as _directory_v1_Tag__Output } from './directory/v1/Tag';
import type { TagColor as _directory_v1_TagColor, TagColor__Output as _directory_v1_TagColor__Output } from './directory/v1/TagColor';
import type { TagColorList as _directory_v1_TagColorList, TagColorList__Output as _directory_v1_TagColorList__Output } from './directory/v1/TagColorList';
import type { TagList as _directory_v1_TagList, TagList__Output as _directory_v1_TagList__Output } from './directory/v1/TagList';
import type { Team as _directory_v1_Team, Team__Output as _directory_v1_Team__Output } from './directory/v1/Team';
import type { TeamList as _directory_v1_TeamList, TeamList__Output as _directory_v1_TeamList__Output } from './directory/v1/TeamList';
import type { TeamMember as _directory_v1_TeamMember, TeamMember__Output as _directory_v1_TeamMember__Output } from './directory/v1/TeamMember';
import type { TokenPair as _directory_v1_TokenPair, TokenPair__Output as _directory_v1_TokenPair__Output } from './directory/v1/TokenPair';
import type { UpdateApiKeyRequest as _directory_v1_UpdateApiKeyRequest, UpdateApiKeyRequest__Output as _directory_v1_UpdateApiKeyRequest__Output } from './directory/v1/UpdateApiKeyRequest';
import type { UpdateTagRequest as _directory_v1_UpdateTagRequest, UpdateTagRequest__Output as _directory_v1_UpdateTagRequest__Output } from './directory/v1/UpdateTagRequest';
import type { UpdateTeamMemberRequest as _directory_v1_UpdateTeamMemberRequest, UpdateTeamMemberRequest__Output as _directory_v1_UpdateTeamMemberRequest__Output } from './directory/v1/UpdateTeamMemberRequest';
import type { UpdateTeamRequest as _directory_v1_UpdateTeamRequest, UpdateTeamRequest__Output as _directory_v1_UpdateTeamRequest__Output } from './directory/v1/UpdateTeamRequest';
import type { UpdateUserRequest as _directory_v1_UpdateUserRequest, UpdateUserRequest__Output as _directory_v1_UpdateUserRequest__Output } from './directory/v1/UpdateUserRequest';
import type { User as _directory_v1_User, User__Output as _directory_v1_User__Output } from './directory/v1/User';
import type { UserList as _directory_v1_UserList, UserList__Output as _directory_v1_UserList__Output } from './directory/v1/UserList';
import type { WeeklyInterval as _directory_v1_WeeklyInterval, WeeklyInterval__Output as _directory_v1_WeeklyInterval__Output } from './directory/v1/WeeklyInterval';
import type { HistoryEvent as _history_v1_HistoryEvent, HistoryEvent__Output as _history_v1_HistoryEvent__Output } from './history/v1/HistoryEvent';
import type { HistoryPage as _history_v1_HistoryPage, HistoryPage__Output as _history_v1_HistoryPage__Output } from './history/v1/HistoryPage';
import type { HistoryRequest as _history_v1_HistoryRequest, HistoryRequest__Output as _history_v1_HistoryRequest__Output } from './history/v1/HistoryRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  directory: {
    v1: {
      AcceptInviteRequest: MessageTypeDefinition<_directory_v1_AcceptInviteRequest, _directory_v1_AcceptInviteRequest__Output>
      AddTeamMemberRequest: MessageTypeDefinition<_directory_v1_AddTeamMemberRequest, _directory_v1_AddTeamMemberRequest__Output>
      ApiKey: MessageTypeDefinition<_directory_v1_ApiKey, _directory_v1_ApiKey__Output>
      ApiKeyList: MessageTypeDefinition<_directory_v1_ApiKeyList, _directory_v1_ApiKeyList__Output>
      ApiKeyUsage: MessageTypeDefinition<_directory_v1_ApiKeyUsage, _directory_v1_ApiKeyUsage__Output>
      AuthenticateApiKeyRequest: MessageTypeDefinition<_directory_v1_AuthenticateApiKeyRequest, _directory_v1_AuthenticateApiKeyRequest__Output>
      BulkFailure: MessageTypeDefinition<_directory_v1_BulkFailure, _directory_v1_BulkFailure__Output>
      BulkRequest: MessageTypeDefinition<_directory_v1_BulkRequest, _directory_v1_BulkRequest__Output>
      BulkResult: MessageTypeDefinition<_directory_v1_BulkResult, _directory_v1_BulkResult__Output>
      ChangePasswordRequest: MessageTypeDefinition<_directory_v1_ChangePasswordRequest, _directory_v1_ChangePasswordRequest__Output>
      CreateApiKeyRequest: MessageTypeDefinition<_directory_v1_CreateApiKeyRequest, _directory_v1_CreateApiKeyRequest__Output>
      CreateOrganizationRequest: MessageTypeDefinition<_directory_v1_CreateOrganizationRequest, _directory_v1_CreateOrganizationRequest__Output>
      CreateTagRequest: MessageTypeDefinition<_directory_v1_CreateTagRequest, _directory_v1_CreateTagRequest__Output>
      CreateTeamRequest: MessageTypeDefinition<_directory_v1_CreateTeamRequest, _directory_v1_CreateTeamRequest__Output>
      CreateUserRequest: MessageTypeDefinition<_directory_v1_CreateUserRequest, _directory_v1_CreateUserRequest__Output>
      DirectoryService: SubtypeConstructor<typeof grpc.Client, _directory_v1_DirectoryServiceClient> & { service: _directory_v1_DirectoryServiceDefinition }
      Empty: MessageTypeDefinition<_directory_v1_Empty, _directory_v1_Empty__Output>
      GetUserPrincipalRequest: MessageTypeDefinition<_directory_v1_GetUserPrincipalRequest, _directory_v1_GetUserPrincipalRequest__Output>
      Holiday: MessageTypeDefinition<_directory_v1_Holiday, _directory_v1_Holiday__Output>
      IdRequest: MessageTypeDefinition<_directory_v1_IdRequest, _directory_v1_IdRequest__Output>
      ListTeamsRequest: MessageTypeDefinition<_directory_v1_ListTeamsRequest, _directory_v1_ListTeamsRequest__Output>
      ListUsersRequest: MessageTypeDefinition<_directory_v1_ListUsersRequest, _directory_v1_ListUsersRequest__Output>
      LoginRequest: MessageTypeDefinition<_directory_v1_LoginRequest, _directory_v1_LoginRequest__Output>
      NewAdmin: MessageTypeDefinition<_directory_v1_NewAdmin, _directory_v1_NewAdmin__Output>
      Organization: MessageTypeDefinition<_directory_v1_Organization, _directory_v1_Organization__Output>
      Principal: MessageTypeDefinition<_directory_v1_Principal, _directory_v1_Principal__Output>
      PutScheduleRequest: MessageTypeDefinition<_directory_v1_PutScheduleRequest, _directory_v1_PutScheduleRequest__Output>
      RecordApiKeyUsageRequest: MessageTypeDefinition<_directory_v1_RecordApiKeyUsageRequest, _directory_v1_RecordApiKeyUsageRequest__Output>
      RefreshRequest: MessageTypeDefinition<_directory_v1_RefreshRequest, _directory_v1_RefreshRequest__Output>
      RemoveTeamMemberRequest: MessageTypeDefinition<_directory_v1_RemoveTeamMemberRequest, _directory_v1_RemoveTeamMemberRequest__Output>
      ResetPasswordRequest: MessageTypeDefinition<_directory_v1_ResetPasswordRequest, _directory_v1_ResetPasswordRequest__Output>
      RoutingMember: MessageTypeDefinition<_directory_v1_RoutingMember, _directory_v1_RoutingMember__Output>
      RoutingTeam: MessageTypeDefinition<_directory_v1_RoutingTeam, _directory_v1_RoutingTeam__Output>
      Schedule: MessageTypeDefinition<_directory_v1_Schedule, _directory_v1_Schedule__Output>
      ScheduleStatus: MessageTypeDefinition<_directory_v1_ScheduleStatus, _directory_v1_ScheduleStatus__Output>
      SelectionFilter: MessageTypeDefinition<_directory_v1_SelectionFilter, _directory_v1_SelectionFilter__Output>
      SetUserStatusRequest: MessageTypeDefinition<_directory_v1_SetUserStatusRequest, _directory_v1_SetUserStatusRequest__Output>
      Tag: MessageTypeDefinition<_directory_v1_Tag, _directory_v1_Tag__Output>
      TagColor: MessageTypeDefinition<_directory_v1_TagColor, _directory_v1_TagColor__Output>
      TagColorList: MessageTypeDefinition<_directory_v1_TagColorList, _directory_v1_TagColorList__Output>
      TagList: MessageTypeDefinition<_directory_v1_TagList, _directory_v1_TagList__Output>
      Team: MessageTypeDefinition<_directory_v1_Team, _directory_v1_Team__Output>
      TeamList: MessageTypeDefinition<_directory_v1_TeamList, _directory_v1_TeamList__Output>
      TeamMember: MessageTypeDefinition<_directory_v1_TeamMember, _directory_v1_TeamMember__Output>
      TokenPair: MessageTypeDefinition<_directory_v1_TokenPair, _directory_v1_TokenPair__Output>
      UpdateApiKeyRequest: MessageTypeDefinition<_directory_v1_UpdateApiKeyRequest, _directory_v1_UpdateApiKeyRequest__Output>
      UpdateTagRequest: MessageTypeDefinition<_directory_v1_UpdateTagRequest, _directory_v1_UpdateTagRequest__Output>
      UpdateTeamMemberRequest: MessageTypeDefinition<_directory_v1_UpdateTeamMemberRequest, _directory_v1_UpdateTeamMemberRequest__Output>
      UpdateTeamRequest: MessageTypeDefinition<_directory_v1_UpdateTeamRequest, _directory_v1_UpdateTeamRequest__Output>
      UpdateUserRequest: MessageTypeDefinition<_directory_v1_UpdateUserRequest, _directory_v1_UpdateUserRequest__Output>
      User: MessageTypeDefinition<_directory_v1_User, _directory_v1_User__Output>
      UserList: MessageTypeDefinition<_directory_v1_UserList, _directory_v1_UserList__Output>
      WeeklyInterval: MessageTypeDefinition<_directory_v1_WeeklyInterval, _directory_v1_WeeklyInterval__Output>
    }
  }
  history: {
    v1: {
      HistoryEvent: MessageTypeDefinition<_history_v1_HistoryEvent, _history_v1_HistoryEvent__Output>
      HistoryPage: MessageTypeDefinition<_history_v1_HistoryPage, _history_v1_HistoryPage__Output>
      HistoryRequest: MessageTypeDefinition<_history_v1_HistoryRequest, _history_v1_HistoryRequest__Output>
    }
  }
}

