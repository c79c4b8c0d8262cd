{{/*
Names and labels. Every object of a service is "<instance>-<service>"; peers are found by the
same rule, so a service chart can name the Services of its peers without knowing their values.
The instance is the release's name, or global.instance when the services are installed as
releases of their own (each then sets the same global.instance, so they find each other).
*/}}

{{- define "boardsync.instance" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- $instance := $g.instance | default .Release.Name -}}
{{- /* the longest name is "<instance>-webhook-internal" (or -metrics, -migrate): a Service name is at most 63 characters, starting with a letter */}}
{{- if gt (len $instance) 46 }}{{ fail (printf "the instance name %q is %d characters long; at most 46 fit the Service names (<instance>-webhook-internal): choose a shorter release name or global.instance" $instance (len $instance)) }}{{ end -}}
{{- if not (regexMatch "^[a-z]([-a-z0-9]*[a-z0-9])?$" $instance) }}{{ fail (printf "the instance name %q must start with a letter and hold only lowercase letters, digits and dashes (it starts every Service name): choose another release name or global.instance" $instance) }}{{ end -}}
{{- $instance -}}
{{- end -}}

{{- define "boardsync.fullname" -}}
{{- include "boardsync.peer" (list . .Chart.Name) -}}
{{- end -}}

{{/* (list $ "auth") → "<instance>-auth" */}}
{{- define "boardsync.peer" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" (include "boardsync.instance" $root) (index . 1) -}}
{{- end -}}

{{- define "boardsync.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ include "boardsync.instance" . }}
app.kubernetes.io/part-of: boardsync
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* (list $ "server"|"migrate") → the labels that select one kind of pod of this service */}}
{{- define "boardsync.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ $root.Chart.Name }}
app.kubernetes.io/instance: {{ include "boardsync.instance" $root }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/* (list $ "gateway") → the labels of a peer's server pods, for NetworkPolicy peers */}}
{{- define "boardsync.peerSelector" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ index . 1 }}
app.kubernetes.io/instance: {{ include "boardsync.instance" $root }}
app.kubernetes.io/component: server
{{- end -}}

{{- define "boardsync.image" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- $repository := .Values.image.repository | default (printf "%s/%s" $g.image.repository .Chart.Name) -}}
{{- $reference := printf ":%s" (.Values.image.tag | default $g.image.tag | default .Chart.AppVersion) -}}
{{- with .Values.image.digest }}{{ $reference = printf "@%s" . }}{{ end -}}
{{- if $g.image.registry -}}
{{- printf "%s/%s%s" $g.image.registry $repository $reference -}}
{{- else -}}
{{- printf "%s%s" $repository $reference -}}
{{- end -}}
{{- end -}}

{{/* The ports every service listens on inside its pod. */}}
{{- define "boardsync.httpPort" -}}8080{{- end -}}
{{- define "boardsync.internalPort" -}}9090{{- end -}}
{{/* /metrics alone (METRICS_PORT): what Prometheus may reach, from its own namespace, without the internal port */}}
{{- define "boardsync.metricsPort" -}}9100{{- end -}}

{{/* (list $ "catalog") → the URL of a peer's public / internal listener */}}
{{- define "boardsync.peerUrl" -}}
{{- printf "http://%s:%s" (include "boardsync.peer" .) (include "boardsync.httpPort" .) -}}
{{- end -}}
{{- define "boardsync.peerInternalUrl" -}}
{{- printf "http://%s-internal:%s" (include "boardsync.peer" .) (include "boardsync.internalPort" .) -}}
{{- end -}}
