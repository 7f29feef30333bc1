// Original file: inbox/v1/inbox.proto


export interface Empty {
}

export interface Empty__Output {
}
