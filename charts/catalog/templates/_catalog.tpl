{{- define "catalog.env" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
PUBLIC_BASE_URL: {{ $g.publicBaseUrl | quote }}
ASSET_PUBLIC_URL: {{ $g.assetPublicUrl | quote }}
{{- end -}}

{{- define "catalog.secretEnv" -}}{{- end -}}

{{- define "catalog.network" -}}
public: gateway
internalFrom: [auth, asset]
calls: []
internet: false
{{- end -}}
