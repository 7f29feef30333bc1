// Original file: campaigns/v1/campaigns.proto


export interface Empty {
}

export interface Empty__Output {
}
