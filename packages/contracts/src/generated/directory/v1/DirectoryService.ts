// Original file: directory/v1/directory.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AcceptInviteRequest as _directory_v1_AcceptInviteRequest, AcceptInviteRequest__Output as _directory_v1_AcceptInviteRequest__Output } from '../../directory/v1/AcceptInviteRequest';
import type { AddTeamMemberRequest as _directory_v1_AddTeamMemberRequest, AddTeamMemberRequest__Output as _directory_v1_AddTeamMemberRequest__Output } from '../../directory/v1/AddTeamMemberRequest';
import type { ApiKey as _directory_v1_ApiKey, ApiKey__Output as _directory_v1_ApiKey__Output } from '../../directory/v1/ApiKey';
import type { ApiKeyList as _directory_v1_ApiKeyList, ApiKeyList__Output as _directory_v1_ApiKeyList__Output } from '../../directory/v1/ApiKeyList';
import type { AuthenticateApiKeyRequest as _directory_v1_AuthenticateApiKeyRequest, AuthenticateApiKeyRequest__Output as _directory_v1_AuthenticateApiKeyRequest__Output } from '../../directory/v1/AuthenticateApiKeyRequest';
import type { BulkRequest as _directory_v1_BulkRequest, BulkRequest__Output as _directory_v1_BulkRequest__Output } from '../../directory/v1/BulkRequest';
import type { BulkResult as _directory_v1_BulkResult, BulkResult__Output as _directory_v1_BulkResult__Output } from '../../directory/v1/BulkResult';
import type { ChangePasswordRequest as _directory_v1_ChangePasswordRequest, ChangePasswordRequest__Output as _directory_v1_ChangePasswordRequest__Output } from '../../directory/v1/ChangePasswordRequest';
import type { CreateApiKeyRequest as _directory_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _directory_v1_CreateApiKeyRequest__Output } from '../../directory/v1/CreateApiKeyRequest';
import type { CreateOrganizationRequest as _directory_v1_CreateOrganizationRequest, CreateOrganizationRequest__Output as _directory_v1_CreateOrganizationRequest__Output } from '../../directory/v1/CreateOrganizationRequest';
import type { CreateTagRequest as _directory_v1_CreateTagRequest, CreateTagRequest__Output as _directory_v1_CreateTagRequest__Output } from '../../directory/v1/CreateTagRequest';
import type { CreateTeamRequest as _directory_v1_CreateTeamRequest, CreateTeamRequest__Output as _directory_v1_CreateTeamRequest__Output } from '../../directory/v1/CreateTeamRequest';
import type { CreateUserRequest as _directory_v1_CreateUserRequest, CreateUserRequest__Output as _directory_v1_CreateUserRequest__Output } from '../../directory/v1/CreateUserRequest';
import type { Empty as _directory_v1_Empty, Empty__Output as _directory_v1_Empty__Output } from '../../directory/v1/Empty';
import type { GetUserPrincipalRequest as _directory_v1_GetUserPrincipalRequest, GetUserPrincipalRequest__Output as _directory_v1_GetUserPrincipalRequest__Output } from '../../directory/v1/GetUserPrincipalRequest';
import type { HistoryPage as _history_v1_HistoryPage, HistoryPage__Output as _history_v1_HistoryPage__Output } from '../../history/v1/HistoryPage';
import type { HistoryRequest as _history_v1_HistoryRequest, HistoryRequest__Output as _history_v1_HistoryRequest__Output } from '../../history/v1/HistoryRequest';
import type { IdRequest as _directory_v1_IdRequest, IdRequest__Output as _directory_v1_IdRequest__Output } from '../../directory/v1/IdRequest';
import type { ListTeamsRequest as _directory_v1_ListTeamsRequest, ListTeamsRequest__Output as _directory_v1_ListTeamsRequest__Output } from '../../directory/v1/ListTeamsRequest';
import type { ListUsersRequest as _directory_v1_ListUsersRequest, ListUsersRequest__Output as _directory_v1_ListUsersRequest__Output } from '../../directory/v1/ListUsersRequest';
import type { LoginRequest as _directory_v1_LoginRequest, LoginRequest__Output as _directory_v1_LoginRequest__Output } from '../../directory/v1/LoginRequest';
import type { Organization as _directory_v1_Organization, Organization__Output as _directory_v1_Organization__Output } from '../../directory/v1/Organization';
import type { Principal as _directory_v1_Principal, Principal__Output as _directory_v1_Principal__Output } from '../../directory/v1/Principal';
import type { PutScheduleRequest as _directory_v1_PutScheduleRequest, PutScheduleRequest__Output as _directory_v1_PutScheduleRequest__Output } from '../../directory/v1/PutScheduleRequest';
import type { RecordApiKeyUsageRequest as _directory_v1_RecordApiKeyUsageRequest, RecordApiKeyUsageRequest__Output as _directory_v1_RecordApiKeyUsageRequest__Output } from '../../directory/v1/RecordApiKeyUsageRequest';
import type { RefreshRequest as _directory_v1_RefreshRequest, RefreshRequest__Output as _directory_v1_RefreshRequest__Output } from '../../directory/v1/RefreshRequest';
import type { RemoveTeamMemberRequest as _directory_v1_RemoveTeamMemberRequest, RemoveTeamMemberRequest__Output as _directory_v1_RemoveTeamMemberRequest__Output } from '../../directory/v1/RemoveTeamMemberRequest';
import type { ResetPasswordRequest as _directory_v1_ResetPasswordRequest, ResetPasswordRequest__Output as _directory_v1_ResetPasswordRequest__Output } from '../../directory/v1/ResetPasswordRequest';
import type { RoutingTeam as _directory_v1_RoutingTeam, RoutingTeam__Output as _directory_v1_RoutingTeam__Output } from '../../directory/v1/RoutingTeam';
import type { Schedule as _directory_v1_Schedule, Schedule__Output as _directory_v1_Schedule__Output } from '../../directory/v1/Schedule';
import type { ScheduleStatus as _directory_v1_ScheduleStatus, ScheduleStatus__Output as _directory_v1_ScheduleStatus__Output } from '../../directory/v1/ScheduleStatus';
import type { SetUserStatusRequest as _directory_v1_SetUserStatusRequest, SetUserStatusRequest__Output as _directory_v1_SetUserStatusRequest__Output } from '../../directory/v1/SetUserStatusRequest';
import type { Tag as _directory_v1_Tag, Tag__Output as _directory_v1_Tag__Output } from '../../directory/v1/Tag';
import type { TagColorList as _directory_v1_TagColorList, TagColorList__Output as _directory_v1_TagColorList__Output } from '../../directory/v1/TagColorList';
import type { TagList as _directory_v1_TagList, TagList__Output as _directory_v1_TagList__Output } from '../../directory/v1/TagList';
import type { Team as _directory_v1_Team, Team__Output as _directory_v1_Team__Output } from '../../directory/v1/Team';
import type { TeamList as _directory_v1_TeamList, TeamList__Output as _directory_v1_TeamList__Output } from '../../directory/v1/TeamList';
import type { TokenPair as _directory_v1_TokenPair, TokenPair__Output as _directory_v1_TokenPair__Output } from '../../directory/v1/TokenPair';
import type { UpdateApiKeyRequest as _directory_v1_UpdateApiKeyRequest, UpdateApiKeyRequest__Output as _directory_v1_UpdateApiKeyRequest__Output } from '../../directory/v1/UpdateApiKeyRequest';
import type { UpdateTagRequest as _directory_v1_UpdateTagRequest, UpdateTagRequest__Output as _directory_v1_UpdateTagRequest__Output } from '../../directory/v1/UpdateTagRequest';
import type { UpdateTeamMemberRequest as _directory_v1_UpdateTeamMemberRequest, UpdateTeamMemberRequest__Output as _directory_v1_UpdateTeamMemberRequest__Output } from '../../directory/v1/UpdateTeamMemberRequest';
import type { UpdateTeamRequest as _directory_v1_UpdateTeamRequest, UpdateTeamRequest__Output as _directory_v1_UpdateTeamRequest__Output } from '../../directory/v1/UpdateTeamRequest';
import type { UpdateUserRequest as _directory_v1_UpdateUserRequest, UpdateUserRequest__Output as _directory_v1_UpdateUserRequest__Output } from '../../directory/v1/UpdateUserRequest';
import type { User as _directory_v1_User, User__Output as _directory_v1_User__Output } from '../../directory/v1/User';
import type { UserList as _directory_v1_UserList, UserList__Output as _directory_v1_UserList__Output } from '../../directory/v1/UserList';

export interface DirectoryServiceClient extends grpc.Client {
  AcceptInvite(argument: _directory_v1_AcceptInviteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  AcceptInvite(argument: _directory_v1_AcceptInviteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  AcceptInvite(argument: _directory_v1_AcceptInviteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  AcceptInvite(argument: _directory_v1_AcceptInviteRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  acceptInvite(argument: _directory_v1_AcceptInviteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  acceptInvite(argument: _directory_v1_AcceptInviteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  acceptInvite(argument: _directory_v1_AcceptInviteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  acceptInvite(argument: _directory_v1_AcceptInviteRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  
  AddTeamMember(argument: _directory_v1_AddTeamMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  AddTeamMember(argument: _directory_v1_AddTeamMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  AddTeamMember(argument: _directory_v1_AddTeamMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  AddTeamMember(argument: _directory_v1_AddTeamMemberRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  addTeamMember(argument: _directory_v1_AddTeamMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  addTeamMember(argument: _directory_v1_AddTeamMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  addTeamMember(argument: _directory_v1_AddTeamMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  addTeamMember(argument: _directory_v1_AddTeamMemberRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  
  AuthenticateApiKey(argument: _directory_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  AuthenticateApiKey(argument: _directory_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  AuthenticateApiKey(argument: _directory_v1_AuthenticateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  AuthenticateApiKey(argument: _directory_v1_AuthenticateApiKeyRequest, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _directory_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _directory_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _directory_v1_AuthenticateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _directory_v1_AuthenticateApiKeyRequest, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  
  BulkUsers(argument: _directory_v1_BulkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  BulkUsers(argument: _directory_v1_BulkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  BulkUsers(argument: _directory_v1_BulkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  BulkUsers(argument: _directory_v1_BulkRequest, callback: grpc.requestCallback<_directory_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkUsers(argument: _directory_v1_BulkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkUsers(argument: _directory_v1_BulkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkUsers(argument: _directory_v1_BulkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  bulkUsers(argument: _directory_v1_BulkRequest, callback: grpc.requestCallback<_directory_v1_BulkResult__Output>): grpc.ClientUnaryCall;
  
  ChangePassword(argument: _directory_v1_ChangePasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _directory_v1_ChangePasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _directory_v1_ChangePasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  ChangePassword(argument: _directory_v1_ChangePasswordRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _directory_v1_ChangePasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _directory_v1_ChangePasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _directory_v1_ChangePasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  changePassword(argument: _directory_v1_ChangePasswordRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  
  CreateApiKey(argument: _directory_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _directory_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _directory_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _directory_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _directory_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _directory_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _directory_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _directory_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  
  CreateOrganization(argument: _directory_v1_CreateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Organization__Output>): grpc.ClientUnaryCall;
  CreateOrganization(argument: _directory_v1_CreateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Organization__Output>): grpc.ClientUnaryCall;
  CreateOrganization(argument: _directory_v1_CreateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Organization__Output>): grpc.ClientUnaryCall;
  CreateOrganization(argument: _directory_v1_CreateOrganizationRequest, callback: grpc.requestCallback<_directory_v1_Organization__Output>): grpc.ClientUnaryCall;
  createOrganization(argument: _directory_v1_CreateOrganizationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Organization__Output>): grpc.ClientUnaryCall;
  createOrganization(argument: _directory_v1_CreateOrganizationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Organization__Output>): grpc.ClientUnaryCall;
  createOrganization(argument: _directory_v1_CreateOrganizationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Organization__Output>): grpc.ClientUnaryCall;
  createOrganization(argument: _directory_v1_CreateOrganizationRequest, callback: grpc.requestCallback<_directory_v1_Organization__Output>): grpc.ClientUnaryCall;
  
  CreateTag(argument: _directory_v1_CreateTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  CreateTag(argument: _directory_v1_CreateTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  CreateTag(argument: _directory_v1_CreateTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  CreateTag(argument: _directory_v1_CreateTagRequest, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  createTag(argument: _directory_v1_CreateTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  createTag(argument: _directory_v1_CreateTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  createTag(argument: _directory_v1_CreateTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  createTag(argument: _directory_v1_CreateTagRequest, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  
  CreateTeam(argument: _directory_v1_CreateTeamRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  CreateTeam(argument: _directory_v1_CreateTeamRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  CreateTeam(argument: _directory_v1_CreateTeamRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  CreateTeam(argument: _directory_v1_CreateTeamRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  createTeam(argument: _directory_v1_CreateTeamRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  createTeam(argument: _directory_v1_CreateTeamRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  createTeam(argument: _directory_v1_CreateTeamRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  createTeam(argument: _directory_v1_CreateTeamRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  
  CreateUser(argument: _directory_v1_CreateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _directory_v1_CreateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _directory_v1_CreateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _directory_v1_CreateUserRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  createUser(argument: _directory_v1_CreateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  createUser(argument: _directory_v1_CreateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  createUser(argument: _directory_v1_CreateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  createUser(argument: _directory_v1_CreateUserRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  
  DeactivateTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeactivateTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeactivateTeam(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeactivateTeam(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deactivateTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deactivateTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deactivateTeam(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deactivateTeam(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DeleteApiKey(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteApiKey(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteApiKey(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteApiKey(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DeleteTag(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteTag(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteTag(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteTag(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTag(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTag(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTag(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTag(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DeleteUser(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ExportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  ExportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  ExportHistory(argument: _history_v1_HistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  ExportHistory(argument: _history_v1_HistoryRequest, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  exportHistory(argument: _history_v1_HistoryRequest, callback: grpc.requestCallback<_history_v1_HistoryPage__Output>): grpc.ClientUnaryCall;
  
  GetRoutingTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_RoutingTeam__Output>): grpc.ClientUnaryCall;
  GetRoutingTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_RoutingTeam__Output>): grpc.ClientUnaryCall;
  GetRoutingTeam(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_RoutingTeam__Output>): grpc.ClientUnaryCall;
  GetRoutingTeam(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_RoutingTeam__Output>): grpc.ClientUnaryCall;
  getRoutingTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_RoutingTeam__Output>): grpc.ClientUnaryCall;
  getRoutingTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_RoutingTeam__Output>): grpc.ClientUnaryCall;
  getRoutingTeam(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_RoutingTeam__Output>): grpc.ClientUnaryCall;
  getRoutingTeam(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_RoutingTeam__Output>): grpc.ClientUnaryCall;
  
  GetSchedule(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  GetSchedule(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  GetSchedule(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  GetSchedule(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  getSchedule(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  getSchedule(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  getSchedule(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  getSchedule(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  
  GetScheduleStatus(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ScheduleStatus__Output>): grpc.ClientUnaryCall;
  GetScheduleStatus(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_ScheduleStatus__Output>): grpc.ClientUnaryCall;
  GetScheduleStatus(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ScheduleStatus__Output>): grpc.ClientUnaryCall;
  GetScheduleStatus(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_ScheduleStatus__Output>): grpc.ClientUnaryCall;
  getScheduleStatus(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ScheduleStatus__Output>): grpc.ClientUnaryCall;
  getScheduleStatus(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_ScheduleStatus__Output>): grpc.ClientUnaryCall;
  getScheduleStatus(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ScheduleStatus__Output>): grpc.ClientUnaryCall;
  getScheduleStatus(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_ScheduleStatus__Output>): grpc.ClientUnaryCall;
  
  GetTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  GetTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  GetTeam(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  GetTeam(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  getTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  getTeam(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  getTeam(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  getTeam(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  
  GetUser(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  
  GetUserPrincipal(argument: _directory_v1_GetUserPrincipalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  GetUserPrincipal(argument: _directory_v1_GetUserPrincipalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  GetUserPrincipal(argument: _directory_v1_GetUserPrincipalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  GetUserPrincipal(argument: _directory_v1_GetUserPrincipalRequest, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  getUserPrincipal(argument: _directory_v1_GetUserPrincipalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  getUserPrincipal(argument: _directory_v1_GetUserPrincipalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  getUserPrincipal(argument: _directory_v1_GetUserPrincipalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  getUserPrincipal(argument: _directory_v1_GetUserPrincipalRequest, callback: grpc.requestCallback<_directory_v1_Principal__Output>): grpc.ClientUnaryCall;
  
  ListApiKeys(argument: _directory_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKeyList__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _directory_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_ApiKeyList__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _directory_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKeyList__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _directory_v1_Empty, callback: grpc.requestCallback<_directory_v1_ApiKeyList__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _directory_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKeyList__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _directory_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_ApiKeyList__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _directory_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKeyList__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _directory_v1_Empty, callback: grpc.requestCallback<_directory_v1_ApiKeyList__Output>): grpc.ClientUnaryCall;
  
  ListTagColors(argument: _directory_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TagColorList__Output>): grpc.ClientUnaryCall;
  ListTagColors(argument: _directory_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TagColorList__Output>): grpc.ClientUnaryCall;
  ListTagColors(argument: _directory_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TagColorList__Output>): grpc.ClientUnaryCall;
  ListTagColors(argument: _directory_v1_Empty, callback: grpc.requestCallback<_directory_v1_TagColorList__Output>): grpc.ClientUnaryCall;
  listTagColors(argument: _directory_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TagColorList__Output>): grpc.ClientUnaryCall;
  listTagColors(argument: _directory_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TagColorList__Output>): grpc.ClientUnaryCall;
  listTagColors(argument: _directory_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TagColorList__Output>): grpc.ClientUnaryCall;
  listTagColors(argument: _directory_v1_Empty, callback: grpc.requestCallback<_directory_v1_TagColorList__Output>): grpc.ClientUnaryCall;
  
  ListTags(argument: _directory_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TagList__Output>): grpc.ClientUnaryCall;
  ListTags(argument: _directory_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TagList__Output>): grpc.ClientUnaryCall;
  ListTags(argument: _directory_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TagList__Output>): grpc.ClientUnaryCall;
  ListTags(argument: _directory_v1_Empty, callback: grpc.requestCallback<_directory_v1_TagList__Output>): grpc.ClientUnaryCall;
  listTags(argument: _directory_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TagList__Output>): grpc.ClientUnaryCall;
  listTags(argument: _directory_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TagList__Output>): grpc.ClientUnaryCall;
  listTags(argument: _directory_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TagList__Output>): grpc.ClientUnaryCall;
  listTags(argument: _directory_v1_Empty, callback: grpc.requestCallback<_directory_v1_TagList__Output>): grpc.ClientUnaryCall;
  
  ListTeams(argument: _directory_v1_ListTeamsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TeamList__Output>): grpc.ClientUnaryCall;
  ListTeams(argument: _directory_v1_ListTeamsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TeamList__Output>): grpc.ClientUnaryCall;
  ListTeams(argument: _directory_v1_ListTeamsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TeamList__Output>): grpc.ClientUnaryCall;
  ListTeams(argument: _directory_v1_ListTeamsRequest, callback: grpc.requestCallback<_directory_v1_TeamList__Output>): grpc.ClientUnaryCall;
  listTeams(argument: _directory_v1_ListTeamsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TeamList__Output>): grpc.ClientUnaryCall;
  listTeams(argument: _directory_v1_ListTeamsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TeamList__Output>): grpc.ClientUnaryCall;
  listTeams(argument: _directory_v1_ListTeamsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TeamList__Output>): grpc.ClientUnaryCall;
  listTeams(argument: _directory_v1_ListTeamsRequest, callback: grpc.requestCallback<_directory_v1_TeamList__Output>): grpc.ClientUnaryCall;
  
  ListUsers(argument: _directory_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_UserList__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _directory_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_UserList__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _directory_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_UserList__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _directory_v1_ListUsersRequest, callback: grpc.requestCallback<_directory_v1_UserList__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _directory_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_UserList__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _directory_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_UserList__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _directory_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_UserList__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _directory_v1_ListUsersRequest, callback: grpc.requestCallback<_directory_v1_UserList__Output>): grpc.ClientUnaryCall;
  
  Login(argument: _directory_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  Login(argument: _directory_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  Login(argument: _directory_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  Login(argument: _directory_v1_LoginRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  login(argument: _directory_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  login(argument: _directory_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  login(argument: _directory_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  login(argument: _directory_v1_LoginRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  
  Logout(argument: _directory_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  Logout(argument: _directory_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  Logout(argument: _directory_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  Logout(argument: _directory_v1_RefreshRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  logout(argument: _directory_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  logout(argument: _directory_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  logout(argument: _directory_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  logout(argument: _directory_v1_RefreshRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  PutSchedule(argument: _directory_v1_PutScheduleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  PutSchedule(argument: _directory_v1_PutScheduleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  PutSchedule(argument: _directory_v1_PutScheduleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  PutSchedule(argument: _directory_v1_PutScheduleRequest, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  putSchedule(argument: _directory_v1_PutScheduleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  putSchedule(argument: _directory_v1_PutScheduleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  putSchedule(argument: _directory_v1_PutScheduleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  putSchedule(argument: _directory_v1_PutScheduleRequest, callback: grpc.requestCallback<_directory_v1_Schedule__Output>): grpc.ClientUnaryCall;
  
  RecordApiKeyUsage(argument: _directory_v1_RecordApiKeyUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  RecordApiKeyUsage(argument: _directory_v1_RecordApiKeyUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  RecordApiKeyUsage(argument: _directory_v1_RecordApiKeyUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  RecordApiKeyUsage(argument: _directory_v1_RecordApiKeyUsageRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  recordApiKeyUsage(argument: _directory_v1_RecordApiKeyUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  recordApiKeyUsage(argument: _directory_v1_RecordApiKeyUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  recordApiKeyUsage(argument: _directory_v1_RecordApiKeyUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  recordApiKeyUsage(argument: _directory_v1_RecordApiKeyUsageRequest, callback: grpc.requestCallback<_directory_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  Refresh(argument: _directory_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _directory_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _directory_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _directory_v1_RefreshRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  refresh(argument: _directory_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  refresh(argument: _directory_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  refresh(argument: _directory_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  refresh(argument: _directory_v1_RefreshRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  
  RemoveTeamMember(argument: _directory_v1_RemoveTeamMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  RemoveTeamMember(argument: _directory_v1_RemoveTeamMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  RemoveTeamMember(argument: _directory_v1_RemoveTeamMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  RemoveTeamMember(argument: _directory_v1_RemoveTeamMemberRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  removeTeamMember(argument: _directory_v1_RemoveTeamMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  removeTeamMember(argument: _directory_v1_RemoveTeamMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  removeTeamMember(argument: _directory_v1_RemoveTeamMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  removeTeamMember(argument: _directory_v1_RemoveTeamMemberRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  
  ResendInvite(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  ResendInvite(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  ResendInvite(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  ResendInvite(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  resendInvite(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  resendInvite(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  resendInvite(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  resendInvite(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  
  ResetPassword(argument: _directory_v1_ResetPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  ResetPassword(argument: _directory_v1_ResetPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  ResetPassword(argument: _directory_v1_ResetPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  ResetPassword(argument: _directory_v1_ResetPasswordRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  resetPassword(argument: _directory_v1_ResetPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  resetPassword(argument: _directory_v1_ResetPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  resetPassword(argument: _directory_v1_ResetPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  resetPassword(argument: _directory_v1_ResetPasswordRequest, callback: grpc.requestCallback<_directory_v1_TokenPair__Output>): grpc.ClientUnaryCall;
  
  SendPasswordReset(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  SendPasswordReset(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  SendPasswordReset(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  SendPasswordReset(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  sendPasswordReset(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  sendPasswordReset(argument: _directory_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  sendPasswordReset(argument: _directory_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  sendPasswordReset(argument: _directory_v1_IdRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  
  SetUserStatus(argument: _directory_v1_SetUserStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  SetUserStatus(argument: _directory_v1_SetUserStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  SetUserStatus(argument: _directory_v1_SetUserStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  SetUserStatus(argument: _directory_v1_SetUserStatusRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  setUserStatus(argument: _directory_v1_SetUserStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  setUserStatus(argument: _directory_v1_SetUserStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  setUserStatus(argument: _directory_v1_SetUserStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  setUserStatus(argument: _directory_v1_SetUserStatusRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  
  UpdateApiKey(argument: _directory_v1_UpdateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  UpdateApiKey(argument: _directory_v1_UpdateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  UpdateApiKey(argument: _directory_v1_UpdateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  UpdateApiKey(argument: _directory_v1_UpdateApiKeyRequest, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  updateApiKey(argument: _directory_v1_UpdateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  updateApiKey(argument: _directory_v1_UpdateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  updateApiKey(argument: _directory_v1_UpdateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  updateApiKey(argument: _directory_v1_UpdateApiKeyRequest, callback: grpc.requestCallback<_directory_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  
  UpdateTag(argument: _directory_v1_UpdateTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  UpdateTag(argument: _directory_v1_UpdateTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  UpdateTag(argument: _directory_v1_UpdateTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  UpdateTag(argument: _directory_v1_UpdateTagRequest, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  updateTag(argument: _directory_v1_UpdateTagRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  updateTag(argument: _directory_v1_UpdateTagRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  updateTag(argument: _directory_v1_UpdateTagRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  updateTag(argument: _directory_v1_UpdateTagRequest, callback: grpc.requestCallback<_directory_v1_Tag__Output>): grpc.ClientUnaryCall;
  
  UpdateTeam(argument: _directory_v1_UpdateTeamRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  UpdateTeam(argument: _directory_v1_UpdateTeamRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  UpdateTeam(argument: _directory_v1_UpdateTeamRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  UpdateTeam(argument: _directory_v1_UpdateTeamRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  updateTeam(argument: _directory_v1_UpdateTeamRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  updateTeam(argument: _directory_v1_UpdateTeamRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  updateTeam(argument: _directory_v1_UpdateTeamRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  updateTeam(argument: _directory_v1_UpdateTeamRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  
  UpdateTeamMember(argument: _directory_v1_UpdateTeamMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  UpdateTeamMember(argument: _directory_v1_UpdateTeamMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  UpdateTeamMember(argument: _directory_v1_UpdateTeamMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  UpdateTeamMember(argument: _directory_v1_UpdateTeamMemberRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  updateTeamMember(argument: _directory_v1_UpdateTeamMemberRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  updateTeamMember(argument: _directory_v1_UpdateTeamMemberRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  updateTeamMember(argument: _directory_v1_UpdateTeamMemberRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  updateTeamMember(argument: _directory_v1_UpdateTeamMemberRequest, callback: grpc.requestCallback<_directory_v1_Team__Output>): grpc.ClientUnaryCall;
  
  UpdateUser(argument: _directory_v1_UpdateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _directory_v1_UpdateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _directory_v1_UpdateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _directory_v1_UpdateUserRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _directory_v1_UpdateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _directory_v1_UpdateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _directory_v1_UpdateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _directory_v1_UpdateUserRequest, callback: grpc.requestCallback<_directory_v1_User__Output>): grpc.ClientUnaryCall;
  
}

export interface DirectoryServiceHandlers extends grpc.UntypedServiceImplementation {
  AcceptInvite: grpc.handleUnaryCall<_directory_v1_AcceptInviteRequest__Output, _directory_v1_TokenPair>;
  
  AddTeamMember: grpc.handleUnaryCall<_directory_v1_AddTeamMemberRequest__Output, _directory_v1_Team>;
  
  AuthenticateApiKey: grpc.handleUnaryCall<_directory_v1_AuthenticateApiKeyRequest__Output, _directory_v1_Principal>;
  
  BulkUsers: grpc.handleUnaryCall<_directory_v1_BulkRequest__Output, _directory_v1_BulkResult>;
  
  ChangePassword: grpc.handleUnaryCall<_directory_v1_ChangePasswordRequest__Output, _directory_v1_TokenPair>;
  
  CreateApiKey: grpc.handleUnaryCall<_directory_v1_CreateApiKeyRequest__Output, _directory_v1_ApiKey>;
  
  CreateOrganization: grpc.handleUnaryCall<_directory_v1_CreateOrganizationRequest__Output, _directory_v1_Organization>;
  
  CreateTag: grpc.handleUnaryCall<_directory_v1_CreateTagRequest__Output, _directory_v1_Tag>;
  
  CreateTeam: grpc.handleUnaryCall<_directory_v1_CreateTeamRequest__Output, _directory_v1_Team>;
  
  CreateUser: grpc.handleUnaryCall<_directory_v1_CreateUserRequest__Output, _directory_v1_User>;
  
  DeactivateTeam: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_Empty>;
  
  DeleteApiKey: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_Empty>;
  
  DeleteTag: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_Empty>;
  
  DeleteUser: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_Empty>;
  
  ExportHistory: grpc.handleUnaryCall<_history_v1_HistoryRequest__Output, _history_v1_HistoryPage>;
  
  GetRoutingTeam: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_RoutingTeam>;
  
  GetSchedule: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_Schedule>;
  
  GetScheduleStatus: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_ScheduleStatus>;
  
  GetTeam: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_Team>;
  
  GetUser: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_User>;
  
  GetUserPrincipal: grpc.handleUnaryCall<_directory_v1_GetUserPrincipalRequest__Output, _directory_v1_Principal>;
  
  ListApiKeys: grpc.handleUnaryCall<_directory_v1_Empty__Output, _directory_v1_ApiKeyList>;
  
  ListTagColors: grpc.handleUnaryCall<_directory_v1_Empty__Output, _directory_v1_TagColorList>;
  
  ListTags: grpc.handleUnaryCall<_directory_v1_Empty__Output, _directory_v1_TagList>;
  
  ListTeams: grpc.handleUnaryCall<_directory_v1_ListTeamsRequest__Output, _directory_v1_TeamList>;
  
  ListUsers: grpc.handleUnaryCall<_directory_v1_ListUsersRequest__Output, _directory_v1_UserList>;
  
  Login: grpc.handleUnaryCall<_directory_v1_LoginRequest__Output, _directory_v1_TokenPair>;
  
  Logout: grpc.handleUnaryCall<_directory_v1_RefreshRequest__Output, _directory_v1_Empty>;
  
  PutSchedule: grpc.handleUnaryCall<_directory_v1_PutScheduleRequest__Output, _directory_v1_Schedule>;
  
  RecordApiKeyUsage: grpc.handleUnaryCall<_directory_v1_RecordApiKeyUsageRequest__Output, _directory_v1_Empty>;
  
  Refresh: grpc.handleUnaryCall<_directory_v1_RefreshRequest__Output, _directory_v1_TokenPair>;
  
  RemoveTeamMember: grpc.handleUnaryCall<_directory_v1_RemoveTeamMemberRequest__Output, _directory_v1_Team>;
  
  ResendInvite: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_User>;
  
  ResetPassword: grpc.handleUnaryCall<_directory_v1_ResetPasswordRequest__Output, _directory_v1_TokenPair>;
  
  SendPasswordReset: grpc.handleUnaryCall<_directory_v1_IdRequest__Output, _directory_v1_User>;
  
  SetUserStatus: grpc.handleUnaryCall<_directory_v1_SetUserStatusRequest__Output, _directory_v1_User>;
  
  UpdateApiKey: grpc.handleUnaryCall<_directory_v1_UpdateApiKeyRequest__Output, _directory_v1_ApiKey>;
  
  UpdateTag: grpc.handleUnaryCall<_directory_v1_UpdateTagRequest__Output, _directory_v1_Tag>;
  
  UpdateTeam: grpc.handleUnaryCall<_directory_v1_UpdateTeamRequest__Output, _directory_v1_Team>;
  
  UpdateTeamMember: grpc.handleUnaryCall<_directory_v1_UpdateTeamMemberRequest__Output, _directory_v1_Team>;
  
  UpdateUser: grpc.handleUnaryCall<_directory_v1_UpdateUserRequest__Output, _directory_v1_User>;
  
}

export interface DirectoryServiceDefinition extends grpc.ServiceDefinition {
  AcceptInvite: MethodDefinition<_directory_v1_AcceptInviteRequest, _directory_v1_TokenPair, _directory_v1_AcceptInviteRequest__Output, _directory_v1_TokenPair__Output>
  AddTeamMember: MethodDefinition<_directory_v1_AddTeamMemberRequest, _directory_v1_Team, _directory_v1_AddTeamMemberRequest__Output, _directory_v1_Team__Output>
  AuthenticateApiKey: MethodDefinition<_directory_v1_AuthenticateApiKeyRequest, _directory_v1_Principal, _directory_v1_AuthenticateApiKeyRequest__Output, _directory_v1_Principal__Output>
  BulkUsers: MethodDefinition<_directory_v1_BulkRequest, _directory_v1_BulkResult, _directory_v1_BulkRequest__Output, _directory_v1_BulkResult__Output>
  ChangePassword: MethodDefinition<_directory_v1_ChangePasswordRequest, _directory_v1_TokenPair, _directory_v1_ChangePasswordRequest__Output, _directory_v1_TokenPair__Output>
  CreateApiKey: MethodDefinition<_directory_v1_CreateApiKeyRequest, _directory_v1_ApiKey, _directory_v1_CreateApiKeyRequest__Output, _directory_v1_ApiKey__Output>
  CreateOrganization: MethodDefinition<_directory_v1_CreateOrganizationRequest, _directory_v1_Organization, _directory_v1_CreateOrganizationRequest__Output, _directory_v1_Organization__Output>
  CreateTag: MethodDefinition<_directory_v1_CreateTagRequest, _directory_v1_Tag, _directory_v1_CreateTagRequest__Output, _directory_v1_Tag__Output>
  CreateTeam: MethodDefinition<_directory_v1_CreateTeamRequest, _directory_v1_Team, _directory_v1_CreateTeamRequest__Output, _directory_v1_Team__Output>
  CreateUser: MethodDefinition<_directory_v1_CreateUserRequest, _directory_v1_User, _directory_v1_CreateUserRequest__Output, _directory_v1_User__Output>
  DeactivateTeam: MethodDefinition<_directory_v1_IdRequest, _directory_v1_Empty, _directory_v1_IdRequest__Output, _directory_v1_Empty__Output>
  DeleteApiKey: MethodDefinition<_directory_v1_IdRequest, _directory_v1_Empty, _directory_v1_IdRequest__Output, _directory_v1_Empty__Output>
  DeleteTag: MethodDefinition<_directory_v1_IdRequest, _directory_v1_Empty, _directory_v1_IdRequest__Output, _directory_v1_Empty__Output>
  DeleteUser: MethodDefinition<_directory_v1_IdRequest, _directory_v1_Empty, _directory_v1_IdRequest__Output, _directory_v1_Empty__Output>
  ExportHistory: MethodDefinition<_history_v1_HistoryRequest, _history_v1_HistoryPage, _history_v1_HistoryRequest__Output, _history_v1_HistoryPage__Output>
  GetRoutingTeam: MethodDefinition<_directory_v1_IdRequest, _directory_v1_RoutingTeam, _directory_v1_IdRequest__Output, _directory_v1_RoutingTeam__Output>
  GetSchedule: MethodDefinition<_directory_v1_IdRequest, _directory_v1_Schedule, _directory_v1_IdRequest__Output, _directory_v1_Schedule__Output>
  GetScheduleStatus: MethodDefinition<_directory_v1_IdRequest, _directory_v1_ScheduleStatus, _directory_v1_IdRequest__Output, _directory_v1_ScheduleStatus__Output>
  GetTeam: MethodDefinition<_directory_v1_IdRequest, _directory_v1_Team, _directory_v1_IdRequest__Output, _directory_v1_Team__Output>
  GetUser: MethodDefinition<_directory_v1_IdRequest, _directory_v1_User, _directory_v1_IdRequest__Output, _directory_v1_User__Output>
  GetUserPrincipal: MethodDefinition<_directory_v1_GetUserPrincipalRequest, _directory_v1_Principal, _directory_v1_GetUserPrincipalRequest__Output, _directory_v1_Principal__Output>
  ListApiKeys: MethodDefinition<_directory_v1_Empty, _directory_v1_ApiKeyList, _directory_v1_Empty__Output, _directory_v1_ApiKeyList__Output>
  ListTagColors: MethodDefinition<_directory_v1_Empty, _directory_v1_TagColorList, _directory_v1_Empty__Output, _directory_v1_TagColorList__Output>
  ListTags: MethodDefinition<_directory_v1_Empty, _directory_v1_TagList, _directory_v1_Empty__Output, _directory_v1_TagList__Output>
  ListTeams: MethodDefinition<_directory_v1_ListTeamsRequest, _directory_v1_TeamList, _directory_v1_ListTeamsRequest__Output, _directory_v1_TeamList__Output>
  ListUsers: MethodDefinition<_directory_v1_ListUsersRequest, _directory_v1_UserList, _directory_v1_ListUsersRequest__Output, _directory_v1_UserList__Output>
  Login: MethodDefinition<_directory_v1_LoginRequest, _directory_v1_TokenPair, _directory_v1_LoginRequest__Output, _directory_v1_TokenPair__Output>
  Logout: MethodDefinition<_directory_v1_RefreshRequest, _directory_v1_Empty, _directory_v1_RefreshRequest__Output, _directory_v1_Empty__Output>
  PutSchedule: MethodDefinition<_directory_v1_PutScheduleRequest, _directory_v1_Schedule, _directory_v1_PutScheduleRequest__Output, _directory_v1_Schedule__Output>
  RecordApiKeyUsage: MethodDefinition<_directory_v1_RecordApiKeyUsageRequest, _directory_v1_Empty, _directory_v1_RecordApiKeyUsageRequest__Output, _directory_v1_Empty__Output>
  Refresh: MethodDefinition<_directory_v1_RefreshRequest, _directory_v1_TokenPair, _directory_v1_RefreshRequest__Output, _directory_v1_TokenPair__Output>
  RemoveTeamMember: MethodDefinition<_directory_v1_RemoveTeamMemberRequest, _directory_v1_Team, _directory_v1_RemoveTeamMemberRequest__Output, _directory_v1_Team__Output>
  ResendInvite: MethodDefinition<_directory_v1_IdRequest, _directory_v1_User, _directory_v1_IdRequest__Output, _directory_v1_User__Output>
  ResetPassword: MethodDefinition<_directory_v1_ResetPasswordRequest, _directory_v1_TokenPair, _directory_v1_ResetPasswordRequest__Output, _directory_v1_TokenPair__Output>
  SendPasswordReset: MethodDefinition<_directory_v1_IdRequest, _directory_v1_User, _directory_v1_IdRequest__Output, _directory_v1_User__Output>
  SetUserStatus: MethodDefinition<_directory_v1_SetUserStatusRequest, _directory_v1_User, _directory_v1_SetUserStatusRequest__Output, _directory_v1_User__Output>
  UpdateApiKey: MethodDefinition<_directory_v1_UpdateApiKeyRequest, _directory_v1_ApiKey, _directory_v1_UpdateApiKeyRequest__Output, _directory_v1_ApiKey__Output>
  UpdateTag: MethodDefinition<_directory_v1_UpdateTagRequest, _directory_v1_Tag, _directory_v1_UpdateTagRequest__Output, _directory_v1_Tag__Output>
  UpdateTeam: MethodDefinition<_directory_v1_UpdateTeamRequest, _directory_v1_Team, _directory_v1_UpdateTeamRequest__Output, _directory_v1_Team__Output>
  UpdateTeamMember: MethodDefinition<_directory_v1_UpdateTeamMemberRequest, _directory_v1_Team, _directory_v1_UpdateTeamMemberRequest__Output, _directory_v1_Team__Output>
  UpdateUser: MethodDefinition<_directory_v1_UpdateUserRequest, _directory_v1_User, _directory_v1_UpdateUserRequest__Output, _directory_v1_User__Output>
}
