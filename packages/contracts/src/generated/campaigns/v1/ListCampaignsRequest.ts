// Original file: campaigns/v1/campaigns.proto


export interface ListCampaignsRequest {
  'cursor'?: (string);
  'page'?: (number);
  'limit'?: (number);
  'status'?: (string);
  'kind'?: (string);
  '_cursor'?: "cursor";
  '_status'?: "status";
  '_kind'?: "kind";
}

export interface ListCampaignsRequest__Output {
  'cursor'?: (string);
  'page': (number);
  'limit': (number);
  'status'?: (string);
  'kind'?: (string);
  '_cursor'?: "cursor";
  '_status'?: "status";
  '_kind'?: "kind";
}
