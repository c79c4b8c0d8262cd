// etcd is the version of etcd the Kubernetes above is built and tested against (its go.mod's
// go.etcd.io/etcd/server/v3), so the node needs no etcd of another release.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}
