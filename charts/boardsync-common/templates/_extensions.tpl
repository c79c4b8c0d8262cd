{{/*
What a platform team adds to every pod, or to one service's: environment, volumes, labels and
annotations, ServiceAccount annotations (IRSA, Workload Identity), a CA bundle every process trusts,
and a Reloader annotation that rolls the pods when a Secret they read changes. The global entries
come first; a service's own follow and win where both name the same variable or key.
*/}}

{{- define "boardsync.caBundleFile" -}}
{{- $ca := (include "boardsync.global" . | fromYaml).caBundle -}}
{{- if or $ca.configMapName $ca.secretName }}{{ printf "/etc/boardsync/ca-bundle/%s" $ca.key }}{{ end -}}
{{- end -}}

{{/* → env: entries after the chart's own */}}
{{- define "boardsync.extraEnv" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- with include "boardsync.caBundleFile" . }}
- { name: NODE_EXTRA_CA_CERTS, value: {{ . | quote }} }
{{- end }}
{{- with $g.extraEnv }}{{ toYaml . | nindent 0 }}{{ end }}
{{- with .Values.extraEnv }}{{ toYaml . | nindent 0 }}{{ end }}
{{- end -}}

{{/* → envFrom: entries after the ConfigMap */}}
{{- define "boardsync.extraEnvFrom" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- with $g.extraEnvFrom }}{{ toYaml . | nindent 0 }}{{ end }}
{{- with .Values.extraEnvFrom }}{{ toYaml . | nindent 0 }}{{ end }}
{{- end -}}

{{/* → volumes: entries after the chart's own */}}
{{- define "boardsync.extraVolumes" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- $ca := $g.caBundle -}}
{{- if $ca.configMapName }}
- name: ca-bundle
  configMap: { name: {{ $ca.configMapName | quote }}, items: [{ key: {{ $ca.key | quote }}, path: {{ $ca.key | quote }} }] }
{{- else if $ca.secretName }}
- name: ca-bundle
  secret: { secretName: {{ $ca.secretName | quote }}, defaultMode: 0440, items: [{ key: {{ $ca.key | quote }}, path: {{ $ca.key | quote }} }] }
{{- end }}
{{- with $g.extraVolumes }}{{ toYaml . | nindent 0 }}{{ end }}
{{- with .Values.extraVolumes }}{{ toYaml . | nindent 0 }}{{ end }}
{{- end -}}

{{/* → volumeMounts: entries after the chart's own */}}
{{- define "boardsync.extraVolumeMounts" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- if include "boardsync.caBundleFile" . }}
- { name: ca-bundle, mountPath: /etc/boardsync/ca-bundle, readOnly: true }
{{- end }}
{{- with $g.extraVolumeMounts }}{{ toYaml . | nindent 0 }}{{ end }}
{{- with .Values.extraVolumeMounts }}{{ toYaml . | nindent 0 }}{{ end }}
{{- end -}}

{{/* → map: (list <global map> <service map>) merged, the service's keys winning */}}
{{- define "boardsync.globalThenOwn" -}}
{{- $merged := mustMergeOverwrite (deepCopy (index . 0 | default dict)) (deepCopy (index . 1 | default dict)) -}}
{{- with $merged }}{{ toYaml . }}{{ end -}}
{{- end -}}

{{/* → map: the pods' extra labels */}}
{{- define "boardsync.podLabels" -}}
{{- include "boardsync.globalThenOwn" (list (include "boardsync.global" . | fromYaml).podLabels .Values.podLabels) -}}
{{- end -}}

{{/* → map: the pods' extra annotations (Reloader's go on the Deployment: _deployment.tpl) */}}
{{- define "boardsync.podAnnotations" -}}
{{- include "boardsync.globalThenOwn" (list (include "boardsync.global" . | fromYaml).podAnnotations .Values.podAnnotations) -}}
{{- end -}}

{{/* The Secrets a server reads, by name: what Reloader watches (global.reloader.enabled). */}}
{{- define "boardsync.referencedSecrets" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- $names := list -}}
{{- range $entry := include "boardsync.secretEnvList" (list . false) | fromYamlArray }}{{ $names = append $names $entry.secret }}{{ end -}}
{{- with $g.kafka.tls.caSecret.name }}{{ $names = append $names . }}{{ end -}}
{{- with $g.kafka.tls.clientCertSecret.name }}{{ $names = append $names . }}{{ end -}}
{{- if $g.kafka.sasl.mechanism }}{{ $names = append $names $g.kafka.sasl.passwordSecret.name }}{{ end -}}
{{- with $g.caBundle.secretName }}{{ $names = append $names . }}{{ end -}}
{{- $names | uniq | sortAlpha | join "," -}}
{{- end -}}

{{/* → map: the ServiceAccount's annotations (e.g. eks.amazonaws.com/role-arn, iam.gke.io/gcp-service-account) */}}
{{- define "boardsync.serviceAccountAnnotations" -}}
{{- $g := include "boardsync.global" . | fromYaml -}}
{{- include "boardsync.globalThenOwn" (list $g.serviceAccount.annotations (.Values.serviceAccount | default dict).annotations) -}}
{{- end -}}
