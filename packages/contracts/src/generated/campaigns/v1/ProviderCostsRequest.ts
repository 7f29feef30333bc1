// Original file: campaigns/v1/campaigns.proto


export interface ProviderCostsRequest {
  'force'?: (boolean);
}

export interface ProviderCostsRequest__Output {
  'force': (boolean);
}
