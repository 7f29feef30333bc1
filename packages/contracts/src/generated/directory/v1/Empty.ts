// Original file: directory/v1/directory.proto


export interface Empty {
}

export interface Empty__Output {
}
