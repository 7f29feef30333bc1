// Original file: campaigns/v1/campaigns.proto


export interface GetCampaignRequest {
  'id'?: (string);
  'page'?: (number);
  'limit'?: (number);
  'status'?: (string);
  '_status'?: "status";
}

export interface GetCampaignRequest__Output {
  'id': (string);
  'page': (number);
  'limit': (number);
  'status'?: (string);
  '_status'?: "status";
}
