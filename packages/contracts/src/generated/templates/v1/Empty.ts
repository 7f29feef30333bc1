// Original file: templates/v1/templates.proto


export interface Empty {
}

export interface Empty__Output {
}
