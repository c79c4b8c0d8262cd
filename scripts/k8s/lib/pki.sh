# The node's certificates and kubeconfigs, made fresh by every `up` under $STATE/pki (one CA for
# the cluster, one for the aggregation layer's front proxy, the service-account key pair).

PKI="$STATE/pki"

# sign <name> <subject> [subjectAltName]: a key and a certificate signed by the cluster CA
sign() {
  local name=$1 subject=$2 san=${3:-} ca=${4:-ca}
  openssl genrsa -out "$PKI/$name.key" 2048 2>/dev/null
  openssl req -new -key "$PKI/$name.key" -subj "$subject" -out "$PKI/$name.csr" 2>/dev/null
  {
    echo "basicConstraints=CA:FALSE"
    echo "keyUsage=critical,digitalSignature,keyEncipherment"
    if [ -n "$san" ]; then echo "extendedKeyUsage=serverAuth,clientAuth"; echo "subjectAltName=$san"; else echo "extendedKeyUsage=clientAuth"; fi
  } >"$PKI/$name.ext"
  openssl x509 -req -in "$PKI/$name.csr" -CA "$PKI/$ca.crt" -CAkey "$PKI/$ca.key" -CAcreateserial \
    -days 30 -sha256 -extfile "$PKI/$name.ext" -out "$PKI/$name.crt" 2>/dev/null || die "signing $name failed"
  rm -f "$PKI/$name.csr" "$PKI/$name.ext"
}

make_ca() { # make_ca <name> <cn>
  openssl genrsa -out "$PKI/$1.key" 2048 2>/dev/null
  openssl req -x509 -new -key "$PKI/$1.key" -subj "/CN=$2" -days 30 -sha256 \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature" \
    -out "$PKI/$1.crt" 2>/dev/null
}

b64() { base64 -w0 <"$1"; }

# kubeconfig <name>: a kubeconfig for the client certificate <name>
kubeconfig() {
  cat >"$PKI/$1.kubeconfig" <<KUBECONFIG
apiVersion: v1
kind: Config
clusters:
  - name: boardsync
    cluster:
      server: https://$NODE_IP:$API_PORT
      certificate-authority-data: $(b64 "$PKI/ca.crt")
users:
  - name: $1
    user:
      client-certificate-data: $(b64 "$PKI/$1.crt")
      client-key-data: $(b64 "$PKI/$1.key")
contexts:
  - name: boardsync
    context: { cluster: boardsync, user: $1 }
current-context: boardsync
KUBECONFIG
  chmod 600 "$PKI/$1.kubeconfig"
}

make_pki() {
  rm -rf "$PKI" && mkdir -p "$PKI" && chmod 700 "$PKI"
  make_ca ca boardsync-node-ca
  make_ca front-proxy-ca boardsync-front-proxy-ca
  local api_san="DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.$CLUSTER_DOMAIN,DNS:localhost,IP:$NODE_IP,IP:$API_SERVICE_IP,IP:127.0.0.1"
  sign apiserver "/CN=kube-apiserver" "$api_san"
  sign apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client"
  sign front-proxy-client "/CN=front-proxy-client" "" front-proxy-ca
  sign kubelet-serving "/CN=$NODE_NAME" "DNS:$NODE_NAME,IP:$NODE_IP"
  sign admin "/O=system:masters/CN=boardsync-admin"
  sign controller-manager "/CN=system:kube-controller-manager"
  sign scheduler "/CN=system:kube-scheduler"
  sign kubelet "/O=system:nodes/CN=system:node:$NODE_NAME"
  sign kube-proxy "/CN=system:kube-proxy"
  sign kube-router "/CN=boardsync:kube-router"
  local c; for c in admin controller-manager scheduler kubelet kube-proxy kube-router; do kubeconfig "$c"; done
  openssl genrsa -out "$PKI/sa.key" 2048 2>/dev/null
  openssl rsa -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null
}
